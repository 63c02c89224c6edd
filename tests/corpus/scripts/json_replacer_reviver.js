const data = { name: "report", created: new Date("2024-03-15T10:30:00Z"), secret: "s3cr3t", count: 10n.toString(), items: [1, 2, 3] };
const text = JSON.stringify(data, (k, v) => (k === "secret" ? undefined : v));
const revived = JSON.parse(text, (k, v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? new Date(v) : v));
return { text, createdIsDate: revived.created instanceof Date, year: revived.created.getUTCFullYear(), keysOnly: JSON.stringify(data, ["name", "count"]) };
