const text = "Released 2024-03-15, patched 2024-04-02 and again 2024-11-30.";
const re = /(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})/g;
const dates = [...text.matchAll(re)].map(m => ({ ...m.groups, index: m.index }));
const us = text.replace(re, "$<month>/$<day>/$<year>");
return { dates, us };
