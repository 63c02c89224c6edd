const encoded = btoa("Hello, World!");
const decoded = atob(encoded);
const toBase64 = s => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
const fromBase64 = b => new TextDecoder().decode(Uint8Array.from(atob(b), c => c.charCodeAt(0)));
let unicodeError = null;
try { btoa("€"); } catch (e) { unicodeError = e.name; }
const jwtPayload = "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ";
const claims = JSON.parse(atob(jwtPayload.replace(/-/g, "+").replace(/_/g, "/")));
return { encoded, decoded, utf8: toBase64("naïve ☕"), back: fromBase64(toBase64("naïve ☕")), unicodeError, claims };
