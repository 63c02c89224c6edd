pub(crate) mod argument;
pub(crate) mod function;
pub(crate) mod name;
pub(crate) mod private;
pub(crate) mod property;

pub(crate) use argument::*;
pub(crate) use function::*;
pub(crate) use name::*;
pub(crate) use private::*;
pub(crate) use property::*;
