const tasks = [
  { id: 1, done: true, priority: "high" },
  { id: 2, done: false, priority: "low" },
  { id: 3, done: false, priority: "high" },
  { id: 4, done: true, priority: "medium" },
  { id: 5, done: false, priority: "medium" },
];
const [done, open] = tasks.reduce(([d, o], t) => (t.done ? [[...d, t.id], o] : [d, [...o, t.id]]), [[], []]);
const order = { high: 0, medium: 1, low: 2 };
const nextUp = tasks.filter(t => !t.done).sort((a, b) => order[a.priority] - order[b.priority])[0];
return { done, open, nextUp };
