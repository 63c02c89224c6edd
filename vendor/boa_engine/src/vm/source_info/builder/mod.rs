use boa_ast::Position;

use crate::vm::source_info::Entry;

/// Builds the pc → source position map from the compiler's nested position scopes.
///
/// codemode-runtime patch (PATCHED.md, "V8's error messages"): every push and pop is kept as
/// the position in force from that pc on (a pop restores the enclosing scope's position), and
/// the map is those changes in order. The range-splitting builder this replaces lost the
/// enclosing position when three scopes opened at the same pc (`Symbol() + ''`: the operator's,
/// the call's and the callee's), so the error named no line.
#[derive(Debug, Default)]
pub(crate) struct SourceMapBuilder {
    /// `(pc, position in force from pc on)`, in emission order (pcs never decrease).
    changes: Vec<(u32, Option<Position>)>,
    /// The open scopes' positions, innermost last.
    stack: Vec<Option<Position>>,
}

impl SourceMapBuilder {
    pub(crate) fn build(self, final_pc: u32) -> Box<[Entry]> {
        assert!(self.stack.is_empty(), "forgot to pop source scope");
        let mut entries: Vec<Entry> = Vec::with_capacity(self.changes.len());
        for (pc, position) in self.changes {
            if pc >= final_pc {
                break;
            }
            // Several changes at one pc: the last one is in force there.
            if entries.last().is_some_and(|last| last.pc == pc) {
                entries.pop();
            }
            if entries.last().is_some_and(|last| last.position == position) {
                continue;
            }
            entries.push(Entry { pc, position });
        }
        entries.into_boxed_slice()
    }

    pub(crate) fn push_source_position(&mut self, start_pc: u32, position: Option<Position>) {
        self.stack.push(position);
        self.changes.push((start_pc, position));
    }

    pub(crate) fn pop_source_position(&mut self, current_start_pc: u32) {
        assert!(self.stack.pop().is_some(), "popped more than pushed");
        let enclosing = self.stack.last().copied().flatten();
        self.changes.push((current_start_pc, enclosing));
    }
}
