const d = new Date(1688826201950);
const out = [];
for (const l of ["en-US", "de-DE", "ja-JP", "fr-FR", "xx", "en-u-ca-buddhist"]) {
  for (const o of [{month: "long"}, {year: "numeric"}, {weekday: "short", hour: "2-digit"}, {dateStyle: "full", timeStyle: "short"}, {hour12: false, hour: "2-digit"}, {timeZone: "Asia/Kolkata", timeZoneName: "long"}]) {
    for (const m of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]) {
      try { out.push(d[m](l, o)); } catch (e) { out.push(e.name); }
    }
  }
  for (const x of [NaN, -Infinity, 244.5, 1e21, -0]) {
    try { out.push(new Intl.NumberFormat(l, {style: "currency", currency: "EUR", notation: "compact"}).format(x), x.toLocaleString(l, {style: "unit", unit: "kilometer-per-hour"})); } catch (e) { out.push(e.name); }
  }
}
return out;
