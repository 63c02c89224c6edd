// The sandbox's locale layer: `Intl` and what the locale-aware built-in methods do before they
// ask the host. Compiled once per isolate, the first time a script uses a locale-aware method or
// reads `Intl` (`host.intlModule()` in src/sandbox/mod.rs), so the prelude every VM runs stays
// small and isolates that never format pay nothing for it. It is called with the built-ins the
// prelude captured before the script ran (the prelude's hardening rule holds here too: nothing is
// looked up on a built-in at call time) and with `host.intl`, and returns what the prelude calls.
//
// Every answer comes from hostIntl(kind, method, localesJson, optionsJson, args): in the Worker
// the platform's own Intl (V8's ICU), natively ICU4X (src/sandbox/intl/). What runs here is what V8
// does in the script's realm before it formats: reading options (getters run, values converted),
// turning dates and numbers into primitives, taking `Date.now()` from the virtual clock. The
// default locale is en-US and the default time zone UTC, on every host.
(function (kit) {
  "use strict";
  const {
    hostIntl, apply, defineProperty, createObject, objectKeys, objectPrototype, freeze, rawStringify, rawParse,
    toStr, toNumber, isFinite, length, SetCtor, setHas, TypeErrorCtor, RangeErrorCtor, WeakMapCtor, weakGet,
    weakSet, symbolToStringTag, dateNow, toObject, show, keep, sliceString, symbolIterator, iteratorPrototype,
  } = kit;
  // The options V8 reads (all kinds together) and which of them are numbers; built on first use.
  let OPTION_KEYS = null, NUMERIC_OPTIONS = null;
  const optionTables = () => {
    OPTION_KEYS = [
      "localeMatcher", "numberingSystem", "style", "currency", "currencyDisplay", "currencySign", "unit",
      "unitDisplay", "notation", "compactDisplay", "useGrouping", "signDisplay", "minimumIntegerDigits",
      "minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits", "maximumSignificantDigits",
      "roundingPriority", "roundingIncrement", "roundingMode", "trailingZeroDisplay", "calendar", "hour12",
      "hourCycle", "timeZone", "weekday", "era", "year", "month", "day", "dayPeriod", "hour", "minute",
      "second", "fractionalSecondDigits", "timeZoneName", "formatMatcher", "dateStyle", "timeStyle", "usage",
      "sensitivity", "ignorePunctuation", "collation", "numeric", "caseFirst", "type", "fallback",
      "languageDisplay", "granularity",
    ];
    NUMERIC_OPTIONS = new SetCtor(["minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits",
      "minimumSignificantDigits", "maximumSignificantDigits", "roundingIncrement", "fractionalSecondDigits"]);
  };
  /** The locale list as JSON (undefined: the default), checked as V8 checks it. */
  function localesJson(locales) {
    if (locales === undefined) return undefined;
    if (typeof locales === "string") return rawStringify([locales]);
    if (locales === null) throw new TypeErrorCtor("Cannot convert undefined or null to object");
    const list = toObject(locales), tags = [];
    const count = length(list.length);
    if (count > 1000) throw new RangeErrorCtor("Incorrect locale information provided");
    for (let i = 0; i < count; i++) {
      if (!(i in list)) continue;
      const tag = list[i];
      if (typeof tag === "string") tags[tags.length] = tag;
      else if (tag !== null && typeof tag === "object") tags[tags.length] = toStr(tag);
      else throw new TypeErrorCtor("Language ID should be string or object.");
    }
    return rawStringify(tags);
  }
  /** The options V8 reads, read here (so getters and conversions run in the script), as JSON. */
  function optionsJson(options) {
    if (options === undefined) return undefined;
    if (options === null || (typeof options !== "object" && typeof options !== "function")) return rawStringify(options ?? null) ?? "null";
    if (OPTION_KEYS === null) optionTables();
    const copy = createObject(null);
    for (let i = 0; i < OPTION_KEYS.length; i++) {
      const key = OPTION_KEYS[i];
      let value = options[key];
      if (value === undefined) continue;
      if (apply(setHas, NUMERIC_OPTIONS, [key])) {
        value = toNumber(value);
        if (!isFinite(value)) value = toStr(value);
      } else if (typeof value === "symbol") {
        throw new TypeErrorCtor("Cannot convert a Symbol value to a string");
      } else if (value !== null && typeof value === "object" || typeof value === "function" || typeof value === "bigint") {
        value = toStr(value);
      }
      copy[key] = value;
    }
    return rawStringify(copy);
  }
  const intl = (kind, method, locales, options, args) =>
    hostIntl(kind, method, localesJson(locales), optionsJson(options), args);
  /** A number for NumberFormat/PluralRules: BigInts and numeric strings are kept exact. */
  const mathematicalValue = (value) => {
    if (typeof value === "bigint" || typeof value === "string" || typeof value === "number") return value;
    if (value !== null && typeof value === "object") {
      const primitive = value.valueOf();
      if (typeof primitive === "bigint" || typeof primitive === "string" || typeof primitive === "number") return primitive;
    }
    return toNumber(value);
  };
  const timeValue = (date) => (date === undefined ? dateNow() : toNumber(date));

  function buildIntl() {
    const slots = new WeakMapCtor();
    const slot = (self, kind, method) => {
      const state = self !== null && typeof self === "object" ? apply(weakGet, slots, [self]) : undefined;
      if (state === undefined || state.kind !== kind) {
        throw new TypeErrorCtor(`Method Intl.${kind}.prototype.${method} called on incompatible receiver ${show(self)}`);
      }
      return state;
    };
    const call = (state, method, args) => hostIntl(state.kind, method, state.locales, state.options, args);
    const method = (fn, name, length) => {
      defineProperty(fn, "name", { value: name });
      defineProperty(fn, "length", { value: length });
      return fn;
    };
    /** One Intl constructor. `callable`: it may be called without `new` (NumberFormat,
     * DateTimeFormat, Collator). `bound`: the getter whose function stays bound (`format`,
     * `compare`); `convert`: the argument conversion of the bound function. */
    function define(kind, { callable, bound, convert, methods: extra, length: ctorLength = 0 }) {
      const Ctor = { [kind]: function (locales, options) {
        if (new.target === undefined) {
          if (!callable) throw new TypeErrorCtor(`Constructor Intl.${kind} requires 'new'`);
          return new Ctor(locales, options);
        }
        const state = createObject(null);
        state.kind = kind;
        state.locales = localesJson(locales);
        state.options = optionsJson(options);
        // The host checks the options now, as V8 does when it constructs, and says how it resolved them.
        state.resolved = hostIntl(kind, "resolvedOptions", state.locales, state.options, []);
        state.bound = undefined;
        apply(weakSet, slots, [this, state]);
      } }[kind];
      const proto = Ctor.prototype;
      keep(method(function resolvedOptions() { return rawParse(slot(this, kind, "resolvedOptions").resolved); }, "resolvedOptions", 0), "resolvedOptions", proto);
      if (bound !== undefined) {
        defineProperty(proto, bound, { configurable: true, enumerable: false, get: method(function () {
          const state = slot(this, kind, bound);
          if (state.bound === undefined) {
            state.bound = method((...args) => call(state, bound, convert(args)), "", bound === "compare" ? 2 : 1);
          }
          return state.bound;
        }, `get ${bound}`, 0) });
      }
      // [name, length, argument conversion, answer: true for JSON (parts), false for the host's
      // string or number as it is, or a function of (state, converted arguments) that asks itself]
      for (const [name, length, argsOf, answerOf] of extra) {
        keep(method(function (...args) {
          const state = slot(this, kind, name);
          if (typeof answerOf === "function") return answerOf(state, argsOf(args));
          const answer = call(state, name, argsOf(args));
          return answerOf ? rawParse(answer) : answer;
        }, name, length), name, proto);
      }
      defineProperty(proto, symbolToStringTag, { value: `Intl.${kind}`, configurable: true });
      keep(method(function supportedLocalesOf(locales, options) {
        return rawParse(hostIntl(kind, "supportedLocalesOf", localesJson(locales), optionsJson(options), []));
      }, "supportedLocalesOf", 1), "supportedLocalesOf", Ctor);
      defineProperty(Ctor, "length", { value: ctorLength });
      return Ctor;
    }
    const number = (args) => [mathematicalValue(args[0])];
    const range = (args) => [mathematicalValue(args[0]), mathematicalValue(args[1])];
    const time = (args) => [timeValue(args[0])];
    const times = (args) => {
      if (args[0] === undefined || args[1] === undefined) throw new TypeErrorCtor("Invalid time value");
      return [toNumber(args[0]), toNumber(args[1])];
    };
    const strings = (args) => {
      const list = [];
      if (args[0] !== undefined) {
        for (const item of args[0]) {
          if (typeof item !== "string") throw new TypeErrorCtor(`Iterable yielded ${show(item)} which is not a string`);
          list[list.length] = item;
        }
      }
      return [list];
    };
    const relative = (args) => [toNumber(args[0]), toStr(args[1])];
    const namespace = createObject(objectPrototype);
    namespace.NumberFormat = define("NumberFormat", { callable: true, bound: "format", convert: number, methods: [
      ["formatToParts", 1, number, true],
      ["formatRange", 2, range, false],
      ["formatRangeToParts", 2, range, true],
    ] });
    namespace.DateTimeFormat = define("DateTimeFormat", { callable: true, bound: "format", convert: time, methods: [
      ["formatToParts", 1, time, true],
      ["formatRange", 2, times, false],
      ["formatRangeToParts", 2, times, true],
    ] });
    namespace.Collator = define("Collator", { callable: true, bound: "compare", convert: (args) => [toStr(args[0]), toStr(args[1])], methods: [] });
    namespace.PluralRules = define("PluralRules", { callable: false, methods: [
      ["select", 1, (args) => [toNumber(args[0])], false],
      ["selectRange", 2, (args) => [toNumber(args[0]), toNumber(args[1])], false],
    ] });
    namespace.RelativeTimeFormat = define("RelativeTimeFormat", { callable: false, methods: [
      ["format", 2, relative, false],
      ["formatToParts", 2, relative, true],
    ] });
    namespace.ListFormat = define("ListFormat", { callable: false, methods: [
      ["format", 1, strings, false],
      ["formatToParts", 1, strings, true],
    ] });
    namespace.DisplayNames = define("DisplayNames", { callable: false, length: 2, methods: [
      // The host answers JSON: the name, or null where V8 gives undefined (`fallback: "none"`).
      ["of", 1, (args) => [toStr(args[0])], (state, args) => rawParse(call(state, "of", args)) ?? undefined],
    ] });
    namespace.Segmenter = define("Segmenter", { callable: false, methods: [
      ["segment", 1, (args) => [toStr(args[0])], (state, args) => segmentsOf(state, args[0])],
    ] });
    namespace.getCanonicalLocales = method(function getCanonicalLocales(locales) {
      return rawParse(hostIntl("Intl", "getCanonicalLocales", localesJson(locales), undefined, []));
    }, "getCanonicalLocales", 1);
    namespace.supportedValuesOf = method(function supportedValuesOf(key) {
      return rawParse(hostIntl("Intl", "supportedValuesOf", undefined, undefined, [toStr(key)]));
    }, "supportedValuesOf", 1);
    // %Segments% and %SegmentIterator%: the host splits the text once, on first use, into the
    // segments' start indices (and, for words, whether each is word-like); the objects read them.
    const segmentsSlots = new WeakMapCtor();
    const segmentsProto = createObject(objectPrototype);
    const segmentIteratorProto = createObject(iteratorPrototype);
    const segmentsOf = (state, input) => {
      const segments = createObject(segmentsProto);
      const record = createObject(null);
      record.state = state;
      record.input = input;
      record.table = undefined;
      apply(weakSet, segmentsSlots, [segments, record]);
      return segments;
    };
    const recordOf = (self, name, what) => {
      const record = self !== null && typeof self === "object" ? apply(weakGet, segmentsSlots, [self]) : undefined;
      if (record === undefined || record.what !== what) {
        throw new TypeErrorCtor(`Method ${name} called on incompatible receiver ${show(self)}`);
      }
      return record;
    };
    const tableOf = (record) => {
      if (record.table === undefined) {
        record.table = rawParse(hostIntl("Segmenter", "segment", record.state.locales, record.state.options, [record.input]));
      }
      return record.table;
    };
    const segmentData = (record, i) => {
      const { starts, words } = tableOf(record);
      const start = starts[i], end = i + 1 < starts.length ? starts[i + 1] : record.input.length;
      const data = createObject(objectPrototype);
      data.segment = apply(sliceString, record.input, [start, end]);
      data.index = start;
      data.input = record.input;
      if (words !== undefined) data.isWordLike = words[i] === 1;
      return data;
    };
    keep(method(function containing(index) {
      const record = recordOf(this, "%Segments.prototype%.containing", undefined);
      let n = toNumber(index);
      if (n !== n) n = 0;
      else if (isFinite(n)) n -= n % 1;
      if (n < 0 || n >= record.input.length) return undefined;
      const { starts } = tableOf(record);
      let low = 0, high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle] <= n) low = middle;
        else high = middle - 1;
      }
      return segmentData(record, low);
    }, "containing", 1), "containing", segmentsProto);
    keep(method(function () {
      const record = recordOf(this, "%Segments.prototype%[@@iterator]", undefined);
      const iterator = createObject(segmentIteratorProto);
      const position = createObject(null);
      position.what = "iterator";
      position.segments = record;
      position.next = 0;
      apply(weakSet, segmentsSlots, [iterator, position]);
      return iterator;
    }, "[Symbol.iterator]", 0), symbolIterator, segmentsProto);
    keep(method(function next() {
      const position = recordOf(this, "%SegmentIterator.prototype%.next", "iterator");
      const record = position.segments;
      if (record.input.length === 0 || position.next >= tableOf(record).starts.length) {
        return { value: undefined, done: true };
      }
      const value = segmentData(record, position.next);
      position.next += 1;
      return { value, done: false };
    }, "next", 0), "next", segmentIteratorProto);
    defineProperty(segmentIteratorProto, symbolToStringTag, { value: "Segmenter String Iterator", configurable: true });
    for (const name of objectKeys(namespace)) keep(namespace[name], name, namespace);
    defineProperty(namespace, symbolToStringTag, { value: "Intl", configurable: true });
    return namespace;
  }

  const answers = createObject(null);
  answers.call = intl;
  answers.buildIntl = buildIntl;
  return freeze(answers);
})
