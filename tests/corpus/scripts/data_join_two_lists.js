const users = [
  { id: 1, name: "Ada" },
  { id: 2, name: "Grace" },
  { id: 3, name: "Linus" },
];
const tickets = [
  { id: 101, userId: 2, title: "Printer on fire" },
  { id: 102, userId: 1, title: "Cannot login" },
  { id: 103, userId: 2, title: "Need more RAM" },
  { id: 104, userId: 9, title: "Orphan ticket" },
];
const byId = new Map(users.map(u => [u.id, u]));
const joined = tickets.map(t => ({ ticket: t.id, title: t.title, owner: byId.get(t.userId)?.name ?? null }));
const perUser = users.map(u => ({ name: u.name, open: tickets.filter(t => t.userId === u.id).length }));
return { joined, perUser };
