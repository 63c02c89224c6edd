const maskCard = n => n.replace(/\d(?=\d{4})/g, "*");
const maskEmail = e => e.replace(/^(.)(.*)(.@.*)$/, (_, a, mid, b) => a + "*".repeat(mid.length) + b);
const redact = s => s.replace(/(api[_-]?key|token|password)=([^&\s]+)/gi, "$1=[REDACTED]");
return {
  card: maskCard("4111111111111111"),
  email: maskEmail("jonathan@example.com"),
  url: redact("https://x.io/cb?token=abc123&user=7&API_KEY=zzz"),
};
