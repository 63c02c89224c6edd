// One row of the locale table (tests/locale/expected.json) → what the JavaScript engine gives
// for it. The same function runs in Node (scripts/locale-expected.mjs writes its answers as the
// expected values), in the built Worker (tests/integration/locale.test.mjs) and natively
// (tests/locale.rs). A row is {api, locale, options, value, args}; values that JSON cannot hold
// are written {"date": ISO}, {"bigint": digits} or {"number": "NaN" | "Infinity" | "-Infinity" | "-0"}.
// The answer is {"ok": string} (non-string results as JSON) or {"error": name, "message": text}.
(function evaluate(row) {
  const decode = (v) => {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) {
      if ("date" in v) return new Date(v.date);
      if ("bigint" in v) return BigInt(v.bigint);
      if ("number" in v) return Number(v.number);
    }
    return v;
  };
  const json = (v) => JSON.stringify(v);
  const { api, locale, options } = row;
  const value = decode(row.value);
  const args = (row.args || []).map(decode);
  const run = () => {
    switch (api) {
      case "NumberFormat": return new Intl.NumberFormat(locale, options).format(value);
      case "NumberFormat.formatToParts": return json(new Intl.NumberFormat(locale, options).formatToParts(value));
      case "NumberFormat.resolvedOptions": return json(new Intl.NumberFormat(locale, options).resolvedOptions());
      case "Number.toLocaleString": return value.toLocaleString(locale, options);
      case "BigInt.toLocaleString": return value.toLocaleString(locale, options);
      case "DateTimeFormat": return new Intl.DateTimeFormat(locale, options).format(value);
      case "DateTimeFormat.formatToParts": return json(new Intl.DateTimeFormat(locale, options).formatToParts(value));
      case "DateTimeFormat.resolvedOptions": return json(new Intl.DateTimeFormat(locale, options).resolvedOptions());
      case "Date.toLocaleString": return value.toLocaleString(locale, options);
      case "Date.toLocaleDateString": return value.toLocaleDateString(locale, options);
      case "Date.toLocaleTimeString": return value.toLocaleTimeString(locale, options);
      case "Collator.sort": return json([...value].sort(new Intl.Collator(locale, options).compare));
      case "Collator.compare": return json(new Intl.Collator(locale, options).compare(value, args[0]));
      case "Collator.resolvedOptions": return json(new Intl.Collator(locale, options).resolvedOptions());
      case "String.localeCompare": return json([...value].sort((a, b) => a.localeCompare(b, locale, options)));
      case "PluralRules": return new Intl.PluralRules(locale, options).select(value);
      case "PluralRules.resolvedOptions": return json(new Intl.PluralRules(locale, options).resolvedOptions());
      case "RelativeTimeFormat": return new Intl.RelativeTimeFormat(locale, options).format(value, args[0]);
      case "RelativeTimeFormat.formatToParts": return json(new Intl.RelativeTimeFormat(locale, options).formatToParts(value, args[0]));
      case "ListFormat": return new Intl.ListFormat(locale, options).format(value);
      case "ListFormat.formatToParts": return json(new Intl.ListFormat(locale, options).formatToParts(value));
      case "Array.toLocaleString": return value.map(decode).toLocaleString(locale, options);
      case "String.toLocaleUpperCase": return value.toLocaleUpperCase(locale);
      case "String.toLocaleLowerCase": return value.toLocaleLowerCase(locale);
      case "Segmenter": return json(Array.from(new Intl.Segmenter(locale, options).segment(value), (s) => [s.segment, s.index, s.isWordLike]));
      case "Segmenter.containing": return json(new Intl.Segmenter(locale, options).segment(value).containing(args[0]) ?? null);
      case "Segmenter.resolvedOptions": return json(new Intl.Segmenter(locale, options).resolvedOptions());
      case "DisplayNames": return json(new Intl.DisplayNames(locale, options).of(value) ?? null);
      case "DisplayNames.resolvedOptions": return json(new Intl.DisplayNames(locale, options).resolvedOptions());
      case "Intl.getCanonicalLocales": return json(Intl.getCanonicalLocales(value));
      case "supportedLocalesOf": return json(Intl[args[0]].supportedLocalesOf(value));
      // A JavaScript expression about the API's shape (lengths, names, tags), its value as JSON.
      // (workerd refuses code generation: there the runner supplies the expressions compiled.)
      case "expression": {
        const compiled = globalThis.localeExpressions;
        return json(compiled ? compiled[value]() : Function(`return (${value});`)());
      }
      default: throw new Error(`unknown api ${api}`);
    }
  };
  try {
    return { ok: run() };
  } catch (error) {
    return { error: error.name, message: error.message };
  }
})
