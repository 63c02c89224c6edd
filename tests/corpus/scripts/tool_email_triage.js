const inbox = [
  { from: "boss@corp.com", subject: "URGENT: quarterly numbers", receivedAt: "2024-03-15T08:02:00Z", unread: true },
  { from: "newsletter@shop.com", subject: "50% off everything!!!", receivedAt: "2024-03-15T07:00:00Z", unread: true },
  { from: "alice@corp.com", subject: "Re: lunch?", receivedAt: "2024-03-14T18:30:00Z", unread: false },
  { from: "noreply@github.com", subject: "[repo] PR #42 merged", receivedAt: "2024-03-15T09:15:00Z", unread: true },
  { from: "carol@client.io", subject: "Invoice overdue", receivedAt: "2024-03-13T10:00:00Z", unread: true },
];
const rules = [
  [m => /urgent|overdue/i.test(m.subject), "priority"],
  [m => /noreply|newsletter/.test(m.from), "automated"],
  [m => m.from.endsWith("@corp.com"), "internal"],
];
const triaged = inbox.filter(m => m.unread).map(m => ({ subject: m.subject, bucket: rules.find(([test]) => test(m))?.[1] ?? "other", domain: m.from.split("@")[1] }));
const counts = triaged.reduce((c, t) => ((c[t.bucket] = (c[t.bucket] || 0) + 1), c), {});
return { triaged, counts };
