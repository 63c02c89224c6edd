// A tool result whose strings hold many brackets (a markdown table, an ASCII chart) parses: only
// the nesting of arrays and objects counts against the depth limit.
const chart = "[".repeat(150) + "]".repeat(150) + "{".repeat(130);
const text = JSON.stringify({ chart, rows: [[1, 2], [3, 4]], note: "escaped \" [[[" + "\\" });
const back = JSON.parse(text);
return { same: back.chart === chart, rows: back.rows, note: back.note, length: text.length };
