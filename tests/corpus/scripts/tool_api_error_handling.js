const responses = [
  { status: 200, body: '{"ok":true,"items":[1,2]}' },
  { status: 429, body: '{"error":"rate limited","retry_after":30}' },
  { status: 500, body: "<html>Internal Server Error</html>" },
  { status: 404, body: '{"error":"not found"}' },
];
const handle = ({ status, body }) => {
  let json = null;
  try { json = JSON.parse(body); } catch { /* not JSON */ }
  if (status >= 200 && status < 300) return { ok: true, count: json.items.length };
  if (status === 429) return { ok: false, retryIn: `${json.retry_after}s` };
  return { ok: false, error: json?.error ?? `HTTP ${status}: ${body.replace(/<[^>]+>/g, "").trim()}` };
};
return responses.map(handle);
