use boa_ast::{
    Expression,
    declaration::Binding,
    expression::{
        access::{PropertyAccess, PropertyAccessField},
        operator::{
            binary::{BinaryOp, RelationalOp},
            update::{UpdateOp, UpdateTarget},
        },
    },
    operations::bound_names,
    scope::BindingLocatorError,
    statement::{
        DoWhileLoop, ForInLoop, ForLoop, ForOfLoop, WhileLoop,
        iteration::{ForLoopInitializer, IterableLoopInitializer},
    },
};
use boa_interner::Sym;

use crate::{
    js_string,
    bytecompiler::{
        Access, BindingAccessOpcode, BindingKind, ByteCompiler, HoistedOperand, ToJsString,
    },
    vm::opcode::{Address, BindingOpcode, RegisterOperand},
};

impl ByteCompiler<'_> {
    pub(crate) fn compile_for_loop(
        &mut self,
        for_loop: &ForLoop,
        label: Option<Sym>,
        use_expr: bool,
    ) {
        let mut let_binding_indices = None;
        let mut outer_scope_local = None;
        let mut outer_scope = None;

        if let Some(init) = for_loop.init() {
            match init {
                ForLoopInitializer::Expression(expr) => {
                    let value = self.register_allocator.alloc();
                    self.compile_expr(expr, &value);
                    self.register_allocator.dealloc(value);
                }
                ForLoopInitializer::Var(decl) => {
                    self.compile_var_decl(decl);
                }
                ForLoopInitializer::Lexical(decl) => {
                    let scope_index = if decl.scope().all_bindings_local() {
                        outer_scope_local = Some(self.lexical_scope.clone());
                        self.lexical_scope = decl.scope().clone();
                        None
                    } else {
                        outer_scope = Some(self.lexical_scope.clone());
                        let scope_index = self.push_scope(decl.scope());
                        self.bytecode.emit_push_scope(scope_index.into());
                        Some(scope_index)
                    };

                    let names = bound_names(decl.declaration());
                    if decl.declaration().is_const() {
                    } else {
                        let mut indices = Vec::with_capacity(names.len());
                        for name in &names {
                            let name = name.to_js_string(self.interner());
                            let binding = decl
                                .scope()
                                .get_binding_reference(&name)
                                .expect("binding must exist");
                            let index = self.insert_binding(binding);
                            indices.push(index);
                        }
                        let_binding_indices = Some((indices, scope_index));
                    }
                    self.compile_lexical_decl(decl.declaration());
                }
            }
        }

        self.push_empty_loop_jump_control(use_expr);

        // Hoist loop-invariant constants from the condition (e.g. `10` in `i < 10`)
        // so the value is loaded into a register once, not on every iteration.
        let hoisted = self.try_hoist_loop_condition(for_loop.condition());

        // Per-iteration binding copy: for `for (let i = ...)`, each iteration needs
        // a fresh binding per the spec (important for closures). When the scope requires
        // a runtime environment (scope_index is Some), we must pop/push the environment
        // and copy bindings. When all bindings are local (scope_index is None), the
        // GetName/PutLexicalValue pair is a no-op (Move to temp, Move back) and can be skipped.
        if let Some((let_binding_indices, Some(scope_index))) = &let_binding_indices {
            let mut values = Vec::with_capacity(let_binding_indices.len());
            for index in let_binding_indices {
                let value = self.register_allocator.alloc();
                self.emit_binding_access(BindingAccessOpcode::GetName, index, &value);
                values.push((index, value));
            }

            self.bytecode.emit_pop_environment();
            self.bytecode.emit_push_scope((*scope_index).into());

            for (index, value) in values {
                self.emit_binding_access(BindingAccessOpcode::PutLexicalValue, index, &value);
                self.register_allocator.dealloc(value);
            }
        }

        // codemode-runtime patch: numeric literal operands of the body loaded once.
        let hoisted_literals = self.hoist_loop_literals(for_loop.body(), for_loop.final_expr());

        let copies_bindings = matches!(let_binding_indices, Some((_, Some(_))));
        if !copies_bindings
            && let Some(step) = self.counting_loop_step(for_loop, hoisted.as_ref())
        {
            self.compile_counting_for_loop(for_loop, label, use_expr, hoisted.as_ref(), step);
        } else {
            self.compile_for_loop_body(for_loop, label, use_expr, hoisted.as_ref(), let_binding_indices);
        }

        if let Some(hoisted) = hoisted {
            self.register_allocator.dealloc(hoisted.register);
        }
        self.drop_hoisted_literals(hoisted_literals);

        if let Some(outer_scope_local) = outer_scope_local {
            self.lexical_scope = outer_scope_local;
        }
        self.pop_declarative_scope(outer_scope);
    }

    /// A `for` loop from its first test on, as upstream boa lays it out: the update and the test
    /// at the head, the body, a jump back to the head.
    fn compile_for_loop_body(
        &mut self,
        for_loop: &ForLoop,
        label: Option<Sym>,
        use_expr: bool,
        hoisted: Option<&HoistedOperand>,
        let_binding_indices: Option<(Vec<BindingKind>, Option<u32>)>,
    ) {
        let initial_jump = self.jump();
        let start_address = self.next_opcode_location();

        self.current_jump_control_mut()
            .expect("jump_control must exist as it was just pushed")
            .set_label(label);
        self.current_jump_control_mut()
            .expect("jump_control must exist as it was just pushed")
            .set_start_address(start_address);

        if let Some((let_binding_indices, Some(scope_index))) = &let_binding_indices {
            let mut values = Vec::with_capacity(let_binding_indices.len());
            for index in let_binding_indices {
                let value = self.register_allocator.alloc();
                self.emit_binding_access(BindingAccessOpcode::GetName, index, &value);
                values.push((index, value));
            }

            self.bytecode.emit_pop_environment();
            self.bytecode.emit_push_scope((*scope_index).into());

            for (index, value) in values {
                self.emit_binding_access(BindingAccessOpcode::PutLexicalValue, index, &value);
                self.register_allocator.dealloc(value);
            }
        }

        let count = self.emit_loop_count();

        if let Some(final_expr) = for_loop.final_expr() {
            self.compile_expr_for_side_effects(final_expr);
        }

        self.patch_jump(initial_jump);

        let exit = for_loop
            .condition()
            .map(|condition| self.compile_condition_and_branch(condition, hoisted));

        self.compile_stmt(for_loop.body(), use_expr, true);

        self.emit_loop_back_edge(start_address, count);

        if let Some(exit) = exit {
            self.patch_jump(exit);
        }
        self.pop_loop_control_info();
    }

    /// The registers of `for (…; i < n; i++)` (or `<=`, or `++i`) when one `LoopStep*`
    /// instruction can close each iteration: `i` a mutable local held in a register, `n` one the
    /// loop reads without code (a local, a cached constant, or the hoisted operand) or the
    /// `length` of one (`i < a.length`), and no per-iteration copy of the bindings.
    /// (codemode-runtime patch)
    fn counting_loop_step(
        &mut self,
        for_loop: &ForLoop,
        hoisted: Option<&HoistedOperand>,
    ) -> Option<CountingStep> {
        let Expression::Binary(test) = for_loop.condition()? else {
            return None;
        };
        let or_equal = match test.op() {
            BinaryOp::Relational(RelationalOp::LessThan) => false,
            BinaryOp::Relational(RelationalOp::LessThanOrEqual) => true,
            _ => return None,
        };
        let Expression::Update(update) = for_loop.final_expr()? else {
            return None;
        };
        let (UpdateOp::IncrementPost | UpdateOp::IncrementPre) = update.op() else {
            return None;
        };
        let (UpdateTarget::Identifier(target), Expression::Identifier(tested)) =
            (update.target(), test.lhs())
        else {
            return None;
        };
        if target.sym() != tested.sym() {
            return None;
        }
        let name = self.resolve_identifier_expect(*target);
        if self.lexical_scope.is_binding_mutable(&name) != Some(true) {
            return None;
        }
        let binding = self.lexical_scope.get_identifier_reference(name);
        let BindingKind::Local(counter) = self.get_binding(&binding) else {
            return None;
        };
        let bound = match (hoisted, test.rhs()) {
            (Some(h), _) if h.is_rhs => Bound::Register(h.register.variable()),
            (Some(_), _) => return None,
            (None, Expression::PropertyAccess(PropertyAccess::Simple(access))) => {
                let PropertyAccessField::Const(field) = access.field() else {
                    return None;
                };
                if field.to_js_string(self.interner()) != js_string!("length") {
                    return None;
                }
                let object = self.register_of_free_operand(access.target())?;
                Bound::Length { object, field: field.sym() }
            }
            (None, rhs) => Bound::Register(self.register_of_free_operand(rhs)?),
        };
        Some(CountingStep { or_equal, counter: RegisterOperand::from(counter), bound })
    }

    /// A counting `for` loop with its test at the end: the first test, the body, then one
    /// `LoopStep*` that counts the iteration, increments the counter and jumps back to the body
    /// while the test holds. `continue` jumps to that step, so every iteration is counted once,
    /// as in the upstream layout. (codemode-runtime patch)
    fn compile_counting_for_loop(
        &mut self,
        for_loop: &ForLoop,
        label: Option<Sym>,
        use_expr: bool,
        hoisted: Option<&HoistedOperand>,
        step: CountingStep,
    ) {
        let exit = for_loop
            .condition()
            .map(|condition| self.compile_condition_and_branch(condition, hoisted));
        let body = self.next_opcode_location();
        self.current_jump_control_mut()
            .expect("jump_control must exist as it was just pushed")
            .set_label(label);

        self.compile_stmt(for_loop.body(), use_expr, true);

        let step_address = self.next_opcode_location();
        self.current_jump_control_mut()
            .expect("jump_control must exist as it was just pushed")
            .set_start_address(step_address);
        match step.bound {
            Bound::Register(bound) if step.or_equal => {
                self.bytecode.emit_loop_step_less_than_or_equal(body, step.counter, bound);
            }
            Bound::Register(bound) => self.bytecode.emit_loop_step_less_than(body, step.counter, bound),
            Bound::Length { object, field } => {
                let (ic, _) = self.property_inline_cache(field);
                let scratch = self.register_allocator.alloc();
                if step.or_equal {
                    self.bytecode.emit_loop_step_less_than_or_equal_length(
                        body,
                        step.counter,
                        object,
                        scratch.variable(),
                        ic.into(),
                    );
                } else {
                    self.bytecode.emit_loop_step_less_than_length(
                        body,
                        step.counter,
                        object,
                        scratch.variable(),
                        ic.into(),
                    );
                }
                self.register_allocator.dealloc(scratch);
            }
        }

        if let Some(exit) = exit {
            self.patch_jump(exit);
        }
        self.pop_loop_control_info();
    }

    pub(crate) fn compile_for_in_loop(
        &mut self,
        for_in_loop: &ForInLoop,
        label: Option<Sym>,
        use_expr: bool,
    ) {
        // Handle https://tc39.es/ecma262/#prod-annexB-ForInOfStatement
        if let IterableLoopInitializer::Var(var) = for_in_loop.initializer()
            && let Binding::Identifier(ident) = var.binding()
            && let Some(init) = var.init()
        {
            let ident = ident.to_js_string(self.interner());
            let value = self.register_allocator.alloc();
            self.compile_expr(init, &value);
            self.emit_binding(BindingOpcode::InitVar, ident, &value);
            self.register_allocator.dealloc(value);
        }
        let outer_scope = self.push_declarative_scope(for_in_loop.target_scope());
        let value = self.register_allocator.alloc();
        self.compile_expr(for_in_loop.target(), &value);
        self.pop_declarative_scope(outer_scope);

        let early_exit = self.jump_if_null_or_undefined(&value);

        self.bytecode.emit_create_for_in_iterator(value.variable());
        self.current_open_iterators_count += 1;

        self.register_allocator.dealloc(value);

        let start_address = self.next_opcode_location();
        self.push_loop_control_info_for_of_in_loop(label, start_address, use_expr);
        self.bytecode.emit_increment_loop_iteration();

        self.bytecode.emit_iterator_next();

        let done_reg = self.register_allocator.alloc();
        self.bytecode.emit_iterator_done(done_reg.variable());
        let exit = self.jump_if_true(&done_reg);
        self.register_allocator.dealloc(done_reg);

        let outer_scope = self.push_declarative_scope(for_in_loop.scope());

        // For let/const with a local identifier binding, emit iterator_value
        // directly into the binding's persistent register to avoid a Move.
        if let IterableLoopInitializer::Let(Binding::Identifier(ident))
        | IterableLoopInitializer::Const(Binding::Identifier(ident)) = for_in_loop.initializer()
            && let ident = ident.to_js_string(self.interner())
            && let binding = self.lexical_scope.get_identifier_reference(ident)
            && binding.local()
        {
            let reg = self.register_allocator.alloc_persistent();
            self.local_binding_registers.insert(binding, reg.index());
            self.bytecode.emit_iterator_value(reg.variable());
        } else {
            let value = self.register_allocator.alloc();
            self.bytecode.emit_iterator_value(value.variable());

            match for_in_loop.initializer() {
                IterableLoopInitializer::Identifier(ident) => {
                    let ident = ident.to_js_string(self.interner());
                    self.emit_binding(BindingOpcode::InitVar, ident, &value);
                }
                IterableLoopInitializer::Access(access) => {
                    self.access_set(Access::Property { access }, |_| &value);
                }
                IterableLoopInitializer::Var(declaration) => match declaration.binding() {
                    Binding::Identifier(ident) => {
                        let ident = ident.to_js_string(self.interner());
                        self.emit_binding(BindingOpcode::InitVar, ident, &value);
                    }
                    Binding::Pattern(pattern) => {
                        self.compile_declaration_pattern(pattern, BindingOpcode::InitVar, &value);
                    }
                },
                IterableLoopInitializer::Let(declaration)
                | IterableLoopInitializer::Const(declaration) => match declaration {
                    Binding::Identifier(ident) => {
                        let ident = ident.to_js_string(self.interner());
                        self.emit_binding(BindingOpcode::InitLexical, ident, &value);
                    }
                    Binding::Pattern(pattern) => {
                        self.compile_declaration_pattern(
                            pattern,
                            BindingOpcode::InitLexical,
                            &value,
                        );
                    }
                },
                IterableLoopInitializer::Pattern(pattern) => {
                    self.compile_declaration_pattern(pattern, BindingOpcode::SetName, &value);
                }
            }

            self.register_allocator.dealloc(value);
        }

        self.compile_stmt(for_in_loop.body(), use_expr, true);
        self.pop_declarative_scope(outer_scope);

        self.bytecode.emit_jump(start_address);

        self.patch_jump(exit);
        self.pop_loop_control_info();

        self.iterator_close(false);
        self.current_open_iterators_count -= 1;
        self.patch_jump(early_exit);
    }

    pub(crate) fn compile_for_of_loop(
        &mut self,
        for_of_loop: &ForOfLoop,
        label: Option<Sym>,
        use_expr: bool,
    ) {
        let outer_scope = self.push_declarative_scope(for_of_loop.iterable_scope());
        let object = self.register_allocator.alloc();
        self.compile_expr(for_of_loop.iterable(), &object);
        self.pop_declarative_scope(outer_scope);

        {
            // codemode-runtime patch: a value that is not iterable names the iterable's line.
            let site = self.iterable_site(for_of_loop.iterable());
            let mut compiler = self.position_guard(for_of_loop.iterable());
            if for_of_loop.r#await() {
                compiler.bytecode.emit_get_async_iterator(object.variable());
            } else {
                compiler.bytecode.emit_get_iterator(object.variable());
            }
            compiler.record_error_site(site);
        }
        self.current_open_iterators_count += 1;

        self.register_allocator.dealloc(object);

        let start_address = self.next_opcode_location();
        if for_of_loop.r#await() {
            self.push_loop_control_info_for_await_of_loop(label, start_address, use_expr);
        } else {
            self.push_loop_control_info_for_of_in_loop(label, start_address, use_expr);
        }
        self.bytecode.emit_increment_loop_iteration();

        self.bytecode.emit_iterator_next();
        if for_of_loop.r#await() {
            let value = self.register_allocator.alloc();
            self.bytecode.emit_iterator_result(value.variable());
            self.bytecode.emit_await(value.variable());
            let resume_kind = self.register_allocator.alloc();
            self.pop_into_register(&resume_kind);
            self.pop_into_register(&value);

            self.bytecode
                .emit_iterator_finish_async_next(resume_kind.variable(), value.variable());
            self.generator_next(&value, &resume_kind);
            self.register_allocator.dealloc(value);
            self.register_allocator.dealloc(resume_kind);
        }

        let done_reg = self.register_allocator.alloc();
        self.bytecode.emit_iterator_done(done_reg.variable());
        let exit = self.jump_if_true(&done_reg);
        self.register_allocator.dealloc(done_reg);

        let outer_scope = self.push_declarative_scope(for_of_loop.scope());

        // For let/const with a local identifier binding, emit iterator_value
        // directly into the binding's persistent register to avoid a Move.
        let handler_index = if let IterableLoopInitializer::Let(Binding::Identifier(ident))
        | IterableLoopInitializer::Const(Binding::Identifier(ident)) =
            for_of_loop.initializer()
            && let ident = ident.to_js_string(self.interner())
            && let ident = self.lexical_scope.get_identifier_reference(ident)
            && ident.local()
        {
            let reg = self.register_allocator.alloc_persistent();
            self.local_binding_registers.insert(ident, reg.index());
            self.bytecode.emit_iterator_value(reg.variable());

            self.push_handler()
        } else {
            let value = self.register_allocator.alloc();
            self.bytecode.emit_iterator_value(value.variable());
            let handler_index = self.push_handler();
            match for_of_loop.initializer() {
                IterableLoopInitializer::Identifier(ident) => {
                    let ident = ident.to_js_string(self.interner());
                    match self.lexical_scope.set_mutable_binding(ident.clone()) {
                        Ok(binding) => {
                            let index = self.insert_binding(binding);
                            self.emit_binding_access(
                                BindingAccessOpcode::DefInitVar,
                                &index,
                                &value,
                            );
                        }
                        Err(BindingLocatorError::MutateImmutable) => {
                            self.emit_assignment_to_constant(ident);
                        }
                        Err(BindingLocatorError::Silent) => {}
                    }
                }
                IterableLoopInitializer::Access(access) => {
                    self.access_set(Access::Property { access }, |_| &value);
                }
                IterableLoopInitializer::Var(declaration) => {
                    // ignore initializers since those aren't allowed on for-of loops.
                    assert!(declaration.init().is_none());
                    match declaration.binding() {
                        Binding::Identifier(ident) => {
                            let ident = ident.to_js_string(self.interner());
                            self.emit_binding(BindingOpcode::InitVar, ident, &value);
                        }
                        Binding::Pattern(pattern) => {
                            self.compile_declaration_pattern(
                                pattern,
                                BindingOpcode::InitVar,
                                &value,
                            );
                        }
                    }
                }
                IterableLoopInitializer::Let(declaration)
                | IterableLoopInitializer::Const(declaration) => match declaration {
                    Binding::Identifier(ident) => {
                        let ident = ident.to_js_string(self.interner());
                        self.emit_binding(BindingOpcode::InitLexical, ident, &value);
                    }
                    Binding::Pattern(pattern) => {
                        self.compile_declaration_pattern(
                            pattern,
                            BindingOpcode::InitLexical,
                            &value,
                        );
                    }
                },
                IterableLoopInitializer::Pattern(pattern) => {
                    self.compile_declaration_pattern(pattern, BindingOpcode::SetName, &value);
                }
            }

            self.register_allocator.dealloc(value);
            handler_index
        };

        self.compile_stmt(for_of_loop.body(), use_expr, true);

        {
            let exit = self.jump();
            self.patch_handler(handler_index);

            // codemode-runtime patch: the handler is also entered, with no exception, when
            // `return()` is called on a generator suspended in the body; that completion must
            // close the iterator too (it used to skip the close).
            let has_exception = self.register_allocator.alloc();
            let error = self.register_allocator.alloc();
            self.bytecode
                .emit_maybe_exception(has_exception.variable(), error.variable());
            let is_return = self.jump_if_false(&has_exception);
            self.register_allocator.dealloc(has_exception);

            // NOTE: Capture throw of the iterator close and ignore it.
            let handler_index = self.push_handler();
            self.iterator_close(for_of_loop.r#await());
            self.patch_handler(handler_index);

            self.bytecode.emit_throw(error.variable());
            self.register_allocator.dealloc(error);

            // A return completion: errors of the close propagate.
            self.patch_jump(is_return);
            self.iterator_close(for_of_loop.r#await());
            self.bytecode.emit_re_throw();
            self.patch_jump(exit);
        }

        self.pop_declarative_scope(outer_scope);
        self.bytecode.emit_jump(start_address);

        self.patch_jump(exit);
        self.pop_loop_control_info();

        self.iterator_close(for_of_loop.r#await());
        self.current_open_iterators_count -= 1;
    }

    pub(crate) fn compile_while_loop(
        &mut self,
        while_loop: &WhileLoop,
        label: Option<Sym>,
        use_expr: bool,
    ) {
        // Hoist loop-invariant constants from the condition.
        let hoisted = self.try_hoist_loop_condition(Some(while_loop.condition()));

        let start_address = self.next_opcode_location();
        let count = self.emit_loop_count();
        self.push_loop_control_info(label, start_address, use_expr);

        let exit = self.compile_condition_and_branch(while_loop.condition(), hoisted.as_ref());

        self.compile_stmt(while_loop.body(), use_expr, true);

        self.emit_loop_back_edge(start_address, count);

        self.patch_jump(exit);
        self.pop_loop_control_info();

        if let Some(hoisted) = hoisted {
            self.register_allocator.dealloc(hoisted.register);
        }
    }

    pub(crate) fn compile_do_while_loop(
        &mut self,
        do_while_loop: &DoWhileLoop,
        label: Option<Sym>,
        use_expr: bool,
    ) {
        // Hoist loop-invariant constants from the condition.
        let hoisted = self.try_hoist_loop_condition(Some(do_while_loop.cond()));

        let initial_label = self.jump();

        let start_address = self.next_opcode_location();

        self.push_loop_control_info(label, start_address, use_expr);

        let condition_label_address = self.next_opcode_location();
        let count = self.emit_loop_count();

        let exit = self.compile_condition_and_branch(do_while_loop.cond(), hoisted.as_ref());

        self.patch_jump(initial_label);

        self.compile_stmt(do_while_loop.body(), use_expr, true);

        self.emit_loop_back_edge(condition_label_address, count);
        self.patch_jump(exit);

        self.pop_loop_control_info();

        if let Some(hoisted) = hoisted {
            self.register_allocator.dealloc(hoisted.register);
        }
    }

    /// Emits a loop head's iteration count; returns where it starts and where it ends, for
    /// [`Self::emit_loop_back_edge`]. (codemode-runtime patch)
    fn emit_loop_count(&mut self) -> (Address, Address) {
        let at = self.next_opcode_location();
        self.bytecode.emit_increment_loop_iteration();
        (at, self.next_opcode_location())
    }

    /// The jump from the end of a loop's body back to `start`. When the first instruction at
    /// `start` is the loop's count, one `LoopBack` counts and lands past it; otherwise a `Jump`
    /// runs the head as it is. `continue` still jumps to `start`, so every iteration is counted
    /// exactly once either way. (codemode-runtime patch)
    fn emit_loop_back_edge(&mut self, start: Address, (count_at, after_count): (Address, Address)) {
        if count_at == start {
            self.bytecode.emit_loop_back(after_count);
        } else {
            self.bytecode.emit_jump(start);
        }
    }
}

/// The operands of a counting loop's closing `LoopStep*`. (codemode-runtime patch)
struct CountingStep {
    or_equal: bool,
    counter: RegisterOperand,
    bound: Bound,
}

/// What a counting loop's counter is tested against: a register, or the `length` of the object
/// in a register, read on every test. (codemode-runtime patch)
enum Bound {
    Register(RegisterOperand),
    Length { object: RegisterOperand, field: Sym },
}
