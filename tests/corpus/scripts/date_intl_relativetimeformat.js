const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
return [rtf.format(-1, "day"), rtf.format(2, "week"), rtf.format(-3, "month"), rtf.format(0, "year")];
