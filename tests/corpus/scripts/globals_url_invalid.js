const inputs = ["https://ok.example", "not a url", "http://[::1]:8080/x", "mailto:someone@example.com"];
return inputs.map(s => {
  try {
    const u = new URL(s);
    return { s, ok: true, protocol: u.protocol, host: u.host };
  } catch (e) {
    return { s, ok: false, error: e.name };
  }
});
