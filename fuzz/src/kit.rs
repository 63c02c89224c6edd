//! The half of the native tests' kit (`tests/common/`) that the fuzz targets share: the same
//! files, included by path, so a fixture is written once. `fixture.rs` reaches `counter.rs` as
//! `super::counter`, as it does under `tests/common/mod.rs`.

#[path = "../../tests/common/counter.rs"]
pub mod counter;
#[path = "../../tests/common/fixture.rs"]
pub mod fixture;

pub use counter::{Counter, CounterConnector};
pub use fixture::{run, Fixture, T0};
