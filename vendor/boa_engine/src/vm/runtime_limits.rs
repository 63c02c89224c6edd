/// Represents the limits of different runtime operations.
#[derive(Debug, Clone, Copy)]
pub struct RuntimeLimits {
    /// Max stack size before an error is thrown.
    stack_size: usize,

    /// Max loop iterations before an error is thrown.
    loop_iteration: u64,

    /// Max backtrace count in exception.
    backtrace_limit: usize,

    /// Max function recursion limit
    recursion: usize,

    /// codemode-runtime patch: max steps of the regular expression engine in one match.
    regexp_steps: u64,

    /// codemode-runtime patch: max nesting of the arrays and objects `JSON.stringify` serialises.
    json_depth: usize,
}

impl Default for RuntimeLimits {
    #[inline]
    fn default() -> Self {
        Self {
            loop_iteration: u64::MAX,
            recursion: 512,
            backtrace_limit: 50,
            stack_size: 1024 * 10,
            regexp_steps: u64::MAX,
            json_depth: usize::MAX,
        }
    }
}

impl RuntimeLimits {
    /// Return the loop iteration limit.
    ///
    /// If the limit is exceeded in a loop it will throw an error.
    ///
    /// The limit value [`u64::MAX`] means that there is no limit.
    #[inline]
    #[must_use]
    pub const fn loop_iteration_limit(&self) -> u64 {
        self.loop_iteration
    }

    /// Set the loop iteration limit.
    ///
    /// If the limit is exceeded in a loop it will throw an error.
    ///
    /// Setting the limit to [`u64::MAX`] means that there is no limit.
    #[inline]
    pub fn set_loop_iteration_limit(&mut self, value: u64) {
        self.loop_iteration = value;
    }

    /// Disable loop iteration limit.
    #[inline]
    pub fn disable_loop_iteration_limit(&mut self) {
        self.loop_iteration = u64::MAX;
    }

    /// Get max backtrace limit for an exception.
    ///
    /// Default is 50.
    #[inline]
    #[must_use]
    pub const fn backtrace_limit(&self) -> usize {
        self.backtrace_limit
    }

    /// Set max backtrace limit for an exception.
    #[inline]
    pub fn set_backtrace_limit(&mut self, value: usize) {
        self.backtrace_limit = value;
    }

    /// Get max stack size.
    #[inline]
    #[must_use]
    pub const fn stack_size_limit(&self) -> usize {
        self.stack_size
    }

    /// Set max stack size before an error is thrown.
    #[inline]
    pub fn set_stack_size_limit(&mut self, value: usize) {
        self.stack_size = value;
    }

    /// Get recursion limit.
    #[inline]
    #[must_use]
    pub const fn recursion_limit(&self) -> usize {
        self.recursion
    }

    /// Set recursion limit before an error is thrown.
    #[inline]
    pub fn set_recursion_limit(&mut self, value: usize) {
        self.recursion = value;
    }

    /// codemode-runtime patch: the most steps the regular expression engine may take to find one
    /// match (one `RegExpBuiltinExec`, which every `exec`, `test`, `match`, `matchAll`,
    /// `replace`, `search` and `split` step goes through). A step is an instruction of the
    /// compiled pattern, a character consumed by a single-character loop or a code unit compared
    /// by a backreference (see `regress::Regex::find_from_utf16_bounded`). A match that needs
    /// more ends the execution with [`RuntimeLimitError::RegExpSteps`], which scripts cannot
    /// catch.
    ///
    /// The limit value [`u64::MAX`] (the default) means that there is no limit.
    ///
    /// [`RuntimeLimitError::RegExpSteps`]: crate::error::RuntimeLimitError::RegExpSteps
    #[inline]
    #[must_use]
    pub const fn regexp_step_limit(&self) -> u64 {
        self.regexp_steps
    }

    /// codemode-runtime patch: set the regular expression step limit (see
    /// [`RuntimeLimits::regexp_step_limit`]).
    #[inline]
    pub fn set_regexp_step_limit(&mut self, value: u64) {
        self.regexp_steps = value;
    }

    /// codemode-runtime patch: the deepest nesting of arrays and objects `JSON.stringify`
    /// serialises (the outermost is at depth 1). It recurses on the native stack once per level;
    /// a value nested deeper is refused with a catchable `RangeError`
    /// (`the value is nested more than N levels deep`) when the serialiser reaches that level.
    ///
    /// The limit value [`usize::MAX`] (the default) means that there is no limit.
    #[inline]
    #[must_use]
    pub const fn json_depth_limit(&self) -> usize {
        self.json_depth
    }

    /// codemode-runtime patch: set the `JSON.stringify` nesting limit (see
    /// [`RuntimeLimits::json_depth_limit`]).
    #[inline]
    pub fn set_json_depth_limit(&mut self, value: usize) {
        self.json_depth = value;
    }
}
