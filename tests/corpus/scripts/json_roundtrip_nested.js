const payload = { id: 7, tags: ["a", "b"], meta: { created: "2024-03-15", score: 9.5, active: true, parent: null } };
const text = JSON.stringify(payload);
const back = JSON.parse(text);
return { text, equal: JSON.stringify(back) === text, pretty: JSON.stringify(payload.meta, null, 2) };
