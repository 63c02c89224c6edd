const emails = [
  "Alice@Example.com", "bob@example.com", "alice@example.com",
  "carol@example.org", "BOB@example.com", "dave@example.net",
];
const unique = [...new Set(emails.map(e => e.toLowerCase()))];
const domains = new Set(unique.map(e => e.split("@")[1]));
return { unique, domainCount: domains.size, domains: [...domains].sort() };
