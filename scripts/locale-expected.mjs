#!/usr/bin/env node
// Regenerates tests/locale/expected.json: the locale table. Each row is a value, a locale and
// options for one locale-aware API; its expected answer is what Node's ICU gives, computed by
// tests/locale/evaluate.js (the same function the Worker and native tests run in the sandbox).
//
//   node scripts/locale-expected.mjs
//
// Rows are evaluated in a child Node process with TZ=UTC and the en-US locale (the sandbox's
// defaults), twice; answers that differ between the two runs stop the generation.
//
// The Worker's answers come from the V8 inside workerd, which is newer than Node 20's: a few rows
// (resolvedOptions' key order, `hour12: false` at midnight, some CLDR data, offset time zones)
// differ between the two. The same rows are therefore also evaluated in workerd (Miniflare, a
// dev dependency), and a row where workerd's answer differs from Node's keeps that answer too as
// "workerd" (the Worker test expects it there; the native test expects Node's).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EVALUATE = path.join(ROOT, "tests/locale/evaluate.js");
const EXPECTED = path.join(ROOT, "tests/locale/expected.json");

const LOCALES = ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "pt-BR", "ru-RU", "zh-CN", "ja-JP", "hi-IN"];
const CURRENCY = { "en-US": "USD", "en-GB": "GBP", "de-DE": "EUR", "fr-FR": "EUR", "es-ES": "EUR", "pt-BR": "BRL", "ru-RU": "RUB", "zh-CN": "CNY", "ja-JP": "JPY", "hi-IN": "INR" };
const date = (iso) => ({ date: iso });
const D1 = date("2024-03-15T14:05:09.123Z");
const D2 = date("2023-12-31T23:59:59Z");
const D3 = date("2024-07-04T00:30:00Z");

function rows() {
  const out = [];
  const add = (api, locale, options, value, args) => {
    const row = { api, locale, options, value };
    if (args !== undefined) row.args = args;
    out.push(row);
  };
  for (const locale of LOCALES) {
    const currency = CURRENCY[locale];
    // Numbers.
    add("NumberFormat", locale, undefined, 1234567.891);
    add("NumberFormat", locale, undefined, -0.5);
    add("NumberFormat", locale, { maximumFractionDigits: 0 }, 2.5);
    add("NumberFormat", locale, { minimumFractionDigits: 2 }, 1000);
    add("NumberFormat", locale, { style: "percent" }, 0.256);
    add("NumberFormat", locale, { style: "percent", maximumFractionDigits: 1 }, -0.12345);
    add("NumberFormat", locale, { style: "currency", currency }, 1234.5);
    add("NumberFormat", locale, { style: "currency", currency: "USD" }, -99.99);
    add("NumberFormat", locale, { style: "currency", currency: "EUR", currencyDisplay: "code" }, 42);
    add("NumberFormat", locale, { style: "currency", currency: "EUR", currencyDisplay: "name" }, 2);
    add("NumberFormat", locale, { notation: "compact" }, 1234567);
    add("NumberFormat", locale, { notation: "compact", compactDisplay: "long" }, 45000);
    add("NumberFormat", locale, { style: "unit", unit: "kilometer-per-hour" }, 88);
    add("NumberFormat", locale, { style: "unit", unit: "megabyte", unitDisplay: "long" }, 1.5);
    add("NumberFormat", locale, { signDisplay: "always" }, 3);
    add("NumberFormat", locale, { signDisplay: "exceptZero" }, 0);
    add("NumberFormat", locale, { useGrouping: false }, 98765.4321);
    add("NumberFormat", locale, { notation: "scientific" }, 123456);
    add("NumberFormat", locale, { minimumIntegerDigits: 3 }, 7);
    add("NumberFormat", locale, { maximumSignificantDigits: 3 }, 0.0123456);
    add("NumberFormat.formatToParts", locale, { style: "currency", currency }, -1234.56);
    add("NumberFormat.resolvedOptions", locale, { style: "currency", currency });
    add("Number.toLocaleString", locale, undefined, 9876543.21);
    add("Number.toLocaleString", locale, { style: "currency", currency: "EUR" }, 0.5);
    add("BigInt.toLocaleString", locale, undefined, { bigint: "123456789012345678901234567890" });
    // Dates and times (the sandbox's zone is UTC).
    for (const dateStyle of ["full", "long", "medium", "short"]) add("DateTimeFormat", locale, { dateStyle }, D1);
    add("DateTimeFormat", locale, { timeStyle: "short" }, D1);
    add("DateTimeFormat", locale, { timeStyle: "medium" }, D1);
    add("DateTimeFormat", locale, { dateStyle: "medium", timeStyle: "short" }, D2);
    add("DateTimeFormat", locale, undefined, D1);
    add("DateTimeFormat", locale, { year: "numeric", month: "long", day: "numeric" }, D3);
    add("DateTimeFormat", locale, { weekday: "long" }, D3);
    add("DateTimeFormat", locale, { month: "short", day: "numeric" }, D2);
    add("DateTimeFormat", locale, { hour: "numeric", minute: "2-digit" }, D1);
    add("DateTimeFormat", locale, { hour: "2-digit", minute: "2-digit", hour12: false }, D3);
    add("DateTimeFormat", locale, { dateStyle: "long", timeStyle: "long", timeZone: "America/New_York" }, D1);
    add("DateTimeFormat", locale, { timeStyle: "short", timeZone: "Asia/Kolkata" }, D1);
    add("DateTimeFormat", locale, { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Asia/Tokyo" }, D2);
    add("DateTimeFormat.formatToParts", locale, { dateStyle: "medium" }, D1);
    add("Date.toLocaleString", locale, undefined, D1);
    add("Date.toLocaleDateString", locale, undefined, D2);
    add("Date.toLocaleTimeString", locale, undefined, D3);
    add("Date.toLocaleDateString", locale, { weekday: "short", year: "numeric", month: "short", day: "numeric" }, D1);
    add("Date.toLocaleTimeString", locale, { timeZone: "Europe/Berlin" }, D1);
    // Collation.
    add("Collator.sort", locale, undefined, ["zebra", "Apple", "éclair", "apple", "Banana", "10", "9"]);
    add("String.localeCompare", locale, { numeric: true }, ["file10", "file2", "File1", "file1"]);
    // Plurals.
    for (const n of [0, 1, 2, 5, 21, 1.5]) add("PluralRules", locale, undefined, n);
    add("PluralRules", locale, { type: "ordinal" }, 2);
    add("PluralRules", locale, { type: "ordinal" }, 23);
    // Relative time.
    add("RelativeTimeFormat", locale, undefined, -1, ["day"]);
    add("RelativeTimeFormat", locale, { numeric: "auto" }, -1, ["day"]);
    add("RelativeTimeFormat", locale, undefined, 3, ["hour"]);
    add("RelativeTimeFormat", locale, { style: "short" }, -2, ["month"]);
    add("RelativeTimeFormat", locale, { numeric: "auto" }, 1, ["week"]);
    // Lists.
    add("ListFormat", locale, undefined, ["a", "b", "c"]);
    add("ListFormat", locale, { type: "disjunction" }, ["a", "b", "c"]);
    add("ListFormat", locale, { style: "short", type: "unit" }, ["1", "2"]);
    // Arrays.
    add("Array.toLocaleString", locale, undefined, [1234.5, D1, "x", null]);
  }
  // Collator options.
  const words = ["a", "A", "á", "b", "B", "ä"];
  for (const sensitivity of ["base", "accent", "case", "variant"]) add("Collator.sort", "en-US", { sensitivity }, words);
  for (const sensitivity of ["base", "accent", "case", "variant"]) add("Collator.compare", "en-US", { sensitivity }, "a", ["á"]);
  for (const sensitivity of ["base", "accent", "case", "variant"]) add("Collator.compare", "en-US", { sensitivity }, "a", ["A"]);
  add("Collator.sort", "en-US", { caseFirst: "upper" }, ["b", "a", "B", "A"]);
  add("Collator.sort", "en-US", { caseFirst: "lower" }, ["b", "a", "B", "A"]);
  add("Collator.sort", "de-DE", undefined, ["Äpfel", "Zucker", "Apfel", "Österreich", "Ofen"]);
  add("Collator.sort", "es-ES", undefined, ["ñu", "nube", "oso", "llama", "luz"]);
  add("Collator.sort", "en-US", { numeric: true }, ["item 20", "item 3", "item 100", "Item 1"]);
  add("Collator.sort", "en-US", { ignorePunctuation: true }, ["b-c", "a c", "a-b", "ab"]);
  add("Collator.resolvedOptions", "de-DE", { numeric: true, sensitivity: "base" });
  add("String.localeCompare", "en-US", { sensitivity: "base" }, ["résumé", "resume", "Resume", "RESUMES"]);
  add("String.localeCompare", undefined, undefined, ["b", "a", "C", "á"]);
  // Case mapping.
  for (const [locale, text] of [["tr-TR", "istanbul ılık"], ["tr", "İSTANBUL ILIK"], ["az", "iI"], ["lt", "i̇̀"], ["de-DE", "straße"], ["en-US", "ǆemal ﬁ"], ["el", "ΌΣΟΣ"]]) {
    add("String.toLocaleUpperCase", locale, undefined, text);
    add("String.toLocaleLowerCase", locale, undefined, text);
  }
  // More plurals and relative time with their options.
  for (const [locale, n] of [["ru-RU", 3], ["ru-RU", 11], ["ru-RU", 22], ["ru-RU", 25], ["ar", 0], ["ar", 2], ["ar", 7], ["pl", 12], ["fr-FR", 0], ["fr-FR", 1.9]]) {
    add("PluralRules", locale, undefined, n);
  }
  add("PluralRules", "en-US", { minimumFractionDigits: 1 }, 1);
  add("PluralRules.resolvedOptions", "ru-RU", undefined);
  add("RelativeTimeFormat.formatToParts", "en-US", undefined, 100, ["second"]);
  for (const unit of ["year", "quarter", "minute", "seconds"]) add("RelativeTimeFormat", "en-US", { numeric: "auto" }, 0, [unit]);
  add("RelativeTimeFormat", "de-DE", { numeric: "auto" }, -2, ["day"]);
  add("RelativeTimeFormat", "es-ES", { style: "narrow" }, 5, ["minute"]);
  add("ListFormat.formatToParts", "en-GB", undefined, ["x", "y"]);
  add("ListFormat", "en-US", undefined, []);
  add("ListFormat", "en-US", undefined, ["only"]);
  add("ListFormat", "es-ES", undefined, ["agua", "hielo"]);
  add("ListFormat", "es-ES", { type: "disjunction" }, ["siete", "ocho"]);
  // More number options.
  add("NumberFormat", "en-US", { style: "currency", currency: "JPY" }, 1234.56);
  add("NumberFormat", "en-US", { style: "currency", currency: "USD", currencySign: "accounting" }, -5);
  add("NumberFormat", "en-US", { style: "currency", currency: "USD", currencyDisplay: "narrowSymbol" }, 5);
  add("NumberFormat", "en-IN", undefined, 123456789.5);
  add("NumberFormat", "en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }, 1.005);
  add("NumberFormat", "en-US", { maximumFractionDigits: 2 }, 0.125);
  add("NumberFormat", "en-US", { notation: "engineering" }, 123456);
  add("NumberFormat", "en-US", { notation: "compact" }, 999999);
  add("NumberFormat", "en-US", { notation: "compact" }, 1500);
  add("NumberFormat", "en-US", { notation: "compact" }, 1e12);
  add("NumberFormat", "en-US", { style: "unit", unit: "liter", unitDisplay: "narrow" }, 3);
  add("NumberFormat", "en-US", { style: "unit", unit: "percent" }, 50);
  add("NumberFormat", "en-US", { style: "unit", unit: "byte", notation: "compact", unitDisplay: "narrow" }, 2048000);
  add("NumberFormat", "en-US", { signDisplay: "negative" }, -0);
  add("NumberFormat", "en-US", { signDisplay: "never" }, -12);
  add("NumberFormat", "en-US", undefined, { number: "NaN" });
  add("NumberFormat", "en-US", undefined, { number: "-Infinity" });
  add("NumberFormat", "de-DE", undefined, { number: "Infinity" });
  add("NumberFormat", "en-US", undefined, "12345678901234567890.123");
  add("NumberFormat", "en-US", undefined, { bigint: "-12345678901234567890" });
  add("NumberFormat", "en-US", { roundingMode: "floor", maximumFractionDigits: 0 }, 2.7);
  add("NumberFormat", "en-US", { minimumFractionDigits: 0, maximumFractionDigits: 2, trailingZeroDisplay: "stripIfInteger" }, 5.0);
  add("NumberFormat", "ar-EG", undefined, 1234.5);
  add("NumberFormat", "en-US", { style: "percent", signDisplay: "exceptZero" }, 0.05);
  add("NumberFormat.formatToParts", "en-US", { notation: "compact" }, 1234);
  add("NumberFormat.formatToParts", "de-DE", { style: "percent" }, 0.5);
  add("NumberFormat.formatToParts", "en-US", { style: "unit", unit: "kilogram" }, 1234.5);
  add("NumberFormat.resolvedOptions", "en-US", undefined);
  add("NumberFormat.resolvedOptions", "de-DE", { style: "percent", signDisplay: "always" });
  add("Number.toLocaleString", undefined, undefined, 1234567.891);
  add("Number.toLocaleString", "en-US", { maximumFractionDigits: 2 }, 3.14159);
  add("Number.toLocaleString", "de-DE", { style: "percent" }, 0.5);
  // More dates.
  add("DateTimeFormat", "en-US", { hour: "numeric", hourCycle: "h23" }, D1);
  add("DateTimeFormat", "en-US", { hour: "numeric", minute: "numeric", second: "numeric", fractionalSecondDigits: 3 }, D1);
  add("DateTimeFormat", "en-US", { timeZoneName: "short" }, D1);
  add("DateTimeFormat", "en-US", { timeZone: "America/Los_Angeles", timeZoneName: "long", hour: "numeric" }, D3);
  add("DateTimeFormat", "en-US", { era: "short", year: "numeric" }, D1);
  add("DateTimeFormat", "en-US", { month: "narrow" }, D1);
  add("DateTimeFormat", "en-US", { dayPeriod: "long", hour: "numeric" }, D1);
  add("DateTimeFormat", "en-US", { timeZone: "Australia/Sydney", dateStyle: "full", timeStyle: "full" }, D2);
  add("DateTimeFormat", "en-GB", { timeZone: "Europe/London", timeStyle: "long" }, D3);
  add("DateTimeFormat", "en-US", { timeZone: "+05:30", timeStyle: "long" }, D1);
  add("DateTimeFormat", "en-US", { year: "2-digit", month: "2-digit" }, D2);
  add("DateTimeFormat", "de-DE", { weekday: "short", hour: "2-digit" }, D1);
  add("DateTimeFormat", "en-US", undefined, { number: "0" });
  add("DateTimeFormat", "en-US", { calendar: "japanese", dateStyle: "long" }, D1);
  add("DateTimeFormat", "en-US-u-ca-buddhist", { year: "numeric" }, D1);
  add("DateTimeFormat", "ar-EG", { dateStyle: "medium" }, D1);
  add("DateTimeFormat.formatToParts", "en-US", { dateStyle: "full", timeStyle: "short", timeZone: "Asia/Tokyo" }, D1);
  add("DateTimeFormat.resolvedOptions", "en-US", undefined);
  add("DateTimeFormat.resolvedOptions", "de-DE", { dateStyle: "short", timeZone: "Europe/Berlin" });
  add("DateTimeFormat.resolvedOptions", "en-US", { hour: "numeric", minute: "numeric" });
  add("Date.toLocaleString", undefined, undefined, D2);
  add("Date.toLocaleString", "en-US", { timeZone: "America/New_York" }, D1);
  add("Date.toLocaleDateString", "en-US", { month: "long" }, D1);
  add("Date.toLocaleTimeString", "en-US", { hour: "2-digit", minute: "2-digit" }, D1);
  add("Date.toLocaleString", "en-US", undefined, { date: "invalid" });
  // Locales.
  add("Intl.getCanonicalLocales", undefined, undefined, ["EN-us", "zh-hant-tw", "de-DE-u-co-phonebk"]);
  add("supportedLocalesOf", undefined, undefined, ["en-US", "de-DE", "xx-XX"], ["NumberFormat"]);
  add("NumberFormat", ["xx-XX", "de-DE"], undefined, 1234.5);
  add("NumberFormat", "de-CH", undefined, 1234567.5);
  add("NumberFormat", "fr-CA", { style: "currency", currency: "CAD" }, 1234.5);
  add("NumberFormat", "zh-CN-u-nu-hanidec", undefined, 123);
  add("NumberFormat", "en-US-u-nu-arab", undefined, 123);
  // Segmenter: grapheme, word and sentence boundaries (scripts with and without spaces,
  // combining marks, emoji with modifiers), `containing`, and DisplayNames' kinds.
  const TEXT = "Hello, world! It's 3.5 km. Ça va? 你好世界。 e\u0301👍🏽 ok";
  for (const granularity of ["grapheme", "word", "sentence"]) add("Segmenter", "en-US", { granularity }, TEXT);
  add("Segmenter", "en-US", { granularity: "word" }, "");
  add("Segmenter", "en-US", undefined, "abc");
  add("Segmenter", "ja-JP", { granularity: "word" }, "今日は良い天気です");
  add("Segmenter", "th-TH", { granularity: "word" }, "สวัสดีครับ");
  add("Segmenter.containing", "en-US", { granularity: "word" }, "Hello, world", [7]);
  add("Segmenter.containing", "en-US", { granularity: "word" }, "Hello", [9]);
  add("Segmenter.containing", "en-US", { granularity: "sentence" }, "Hi. Bye.", [-0.5]);
  add("Segmenter.containing", "en-US", { granularity: "grapheme" }, "ab", [{ number: "NaN" }]);
  add("Segmenter.resolvedOptions", "fr-FR", { granularity: "word" }, null);
  add("Segmenter.resolvedOptions", "en-US", undefined, null);
  for (const locale of ["en-US", "de-DE", "fr-FR", "ja-JP"]) {
    add("DisplayNames", locale, { type: "region" }, "US");
    add("DisplayNames", locale, { type: "language" }, "en-GB");
    add("DisplayNames", locale, { type: "script" }, "Cyrl");
  }
  add("DisplayNames", "en-US", { type: "language", languageDisplay: "standard" }, "en-GB");
  add("DisplayNames", "en-US", { type: "language" }, "pt");
  add("DisplayNames", "en-US", { type: "region", style: "short" }, "GB");
  add("DisplayNames", "en-US", { type: "region" }, "419");
  add("DisplayNames", "en-US", { type: "region" }, "de");
  add("DisplayNames", "en-US", { type: "region" }, "XZ");
  add("DisplayNames", "en-US", { type: "region", fallback: "none" }, "XZ");
  add("DisplayNames", "en-US", { type: "currency" }, "EUR");
  add("DisplayNames", "en-US", { type: "calendar" }, "gregory");
  add("DisplayNames", "en-US", { type: "dateTimeField" }, "month");
  add("DisplayNames.resolvedOptions", "en-US", { type: "language" }, null);
  add("DisplayNames.resolvedOptions", "de-DE", { type: "region", style: "narrow", fallback: "none" }, null);
  // The API's shape.
  for (const expression of [
    "[Intl.Segmenter.length, Intl.DisplayNames.length, Intl.Segmenter.prototype.segment.length, Intl.DisplayNames.prototype.of.length]",
    "[Object.prototype.toString.call(new Intl.Segmenter()), Object.prototype.toString.call(new Intl.Segmenter().segment('a')), Object.prototype.toString.call(new Intl.Segmenter().segment('a')[Symbol.iterator]())]",
    "(() => { const it = new Intl.Segmenter('en', { granularity: 'word' }).segment('a b')[Symbol.iterator](); return [it.next(), it.next(), it.next(), it.next(), it[Symbol.iterator]() === it]; })()",
    "Array.from(new Intl.Segmenter('en', { granularity: 'word' }).segment('Models write code.'), (s) => s.segment).filter((w) => /\\w/.test(w))",
    "typeof Intl",
    "Object.prototype.toString.call(Intl)",
    "Object.prototype.toString.call(new Intl.NumberFormat())",
    "Object.prototype.toString.call(new Intl.DateTimeFormat())",
    "[Number.prototype.toLocaleString.length, String.prototype.localeCompare.length, String.prototype.toLocaleUpperCase.length, Date.prototype.toLocaleDateString.length, Array.prototype.toLocaleString.length]",
    "[Intl.NumberFormat.length, Intl.DateTimeFormat.length, Intl.Collator.length, Intl.PluralRules.length, Intl.RelativeTimeFormat.length, Intl.ListFormat.length]",
    "[Intl.NumberFormat.name, Intl.Collator.name, Intl.NumberFormat.prototype.formatToParts.name, Number.prototype.toLocaleString.name]",
    "Intl.NumberFormat('de-DE').format(1234.5)",
    "Intl.DateTimeFormat('en-GB').format(0)",
    "new Intl.NumberFormat() instanceof Intl.NumberFormat",
    "[3, 20, 100].map(new Intl.NumberFormat('en-US', { style: 'percent' }).format)",
    "['b', 'a', 'C'].sort(new Intl.Collator('en').compare)",
    "typeof Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format').get",
    "Object.keys(Intl)",
    "Object.prototype.propertyIsEnumerable.call(Number.prototype, 'toLocaleString')",
    "(() => { class Money extends Intl.NumberFormat { constructor() { super('en-US', { style: 'currency', currency: 'USD' }); } } return new Money().format(5); })()",
  ]) add("expression", undefined, undefined, expression);
  // Errors: the kind V8 throws.
  add("NumberFormat", "en-US", { style: "currency" }, 1);
  add("NumberFormat", "en-US", { style: "currency", currency: "EURO" }, 1);
  add("NumberFormat", "en-US", { maximumFractionDigits: 101 }, 1);
  add("NumberFormat", "en-US", { style: "unit", unit: "parsec" }, 1);
  add("NumberFormat", "en-US", { style: "bogus" }, 1);
  add("NumberFormat", "en_US", undefined, 1);
  add("NumberFormat", "en-US", null, 1);
  add("NumberFormat", [5], undefined, 1);
  add("DateTimeFormat", "en-US", { timeZone: "Mars/Olympus" }, D1);
  add("DateTimeFormat", "en-US", { dateStyle: "full", year: "numeric" }, D1);
  add("DateTimeFormat", "en-US", undefined, { number: "NaN" });
  add("Collator.sort", "en-US", { sensitivity: "loose" }, ["a"]);
  add("PluralRules", "en-US", { type: "cardinals" }, 1);
  add("RelativeTimeFormat", "en-US", undefined, 1, ["fortnight"]);
  add("RelativeTimeFormat", "en-US", undefined, { number: "Infinity" }, ["day"]);
  add("ListFormat", "en-US", undefined, ["a", 1]);
  add("ListFormat", "en-US", { type: "and" }, ["a"]);
  add("String.toLocaleUpperCase", "en_US", undefined, "x");
  add("Segmenter", "en-US", { granularity: "line" }, "x");
  add("DisplayNames", "en-US", undefined, "US");
  add("DisplayNames", "en-US", { type: "region" }, "usa");
  add("DisplayNames", "en-US", { type: "language" }, "en-u-ca-gregory");
  add("DisplayNames", "en-US", { type: "dateTimeField" }, "months");
  return out;
}

function child() {
  const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
  if (locale !== "en-US" || timeZone !== "UTC") {
    throw new Error(`the child runs in locale ${locale}, time zone ${timeZone}; expected en-US, UTC`);
  }
  const evaluate = vm.runInThisContext(fs.readFileSync(EVALUATE, "utf8"), { filename: "evaluate.js" });
  const table = rows().map((row) => ({ ...row, expected: evaluate(row) }));
  process.stdout.write(JSON.stringify(table));
}

function runChild() {
  const env = { ...process.env, TZ: "UTC", LC_ALL: "en_US.UTF-8", LANG: "en_US.UTF-8", LANGUAGE: "en_US" };
  const out = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child"], { env, encoding: "utf8", maxBuffer: 64 << 20 });
  if (out.status !== 0) throw new Error(`the child failed: ${out.stderr}`);
  return out.stdout;
}

/** Each row's answer in workerd's V8 (a plain JavaScript Worker running evaluate.js). */
async function workerdAnswers(table) {
  const { Miniflare } = await import("miniflare");
  // workerd refuses `Function(source)`: the "expression" rows are compiled into the Worker.
  const expressions = table.filter((row) => row.api === "expression").map((row) => `${JSON.stringify(row.value)}: () => (${row.value})`);
  const script = `globalThis.localeExpressions = {${expressions.join(",\n")}};
const evaluate = ${fs.readFileSync(EVALUATE, "utf8")};
export default { async fetch(request) { return Response.json((await request.json()).map(evaluate)); } };`;
  const mf = new Miniflare({ modules: true, script, compatibilityDate: "2026-04-01" });
  try {
    const rowsOnly = table.map(({ expected, ...row }) => row);
    const response = await mf.dispatchFetch("http://localhost/", { method: "POST", body: JSON.stringify(rowsOnly) });
    return await response.json();
  } finally {
    await mf.dispose();
  }
}

if (process.argv.includes("--child")) {
  child();
} else {
  const [first, second] = [runChild(), runChild()];
  if (first !== second) throw new Error("the two runs differ: not deterministic");
  const table = JSON.parse(first);
  const workerd = await workerdAnswers(table);
  table.forEach((row, i) => {
    if (JSON.stringify(workerd[i]) !== JSON.stringify(row.expected)) row.workerd = workerd[i];
  });
  const lines = table.map((row) => `  ${JSON.stringify(row)}`);
  const header = { generatedBy: "node scripts/locale-expected.mjs", node: process.version, icu: process.versions.icu, cldr: process.versions.cldr, tz: process.versions.tz };
  fs.writeFileSync(EXPECTED, `{"about": ${JSON.stringify(header)},\n"rows": [\n${lines.join(",\n")}\n]}\n`);
  const errors = table.filter((row) => "error" in row.expected).length;
  const differ = table.filter((row) => "workerd" in row).length;
  console.log(`wrote ${path.relative(ROOT, EXPECTED)}: ${table.length} rows, ${errors} of them errors; workerd differs from Node on ${differ}`);
}
