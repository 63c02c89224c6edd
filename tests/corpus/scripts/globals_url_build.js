const url = new URL("/search", "https://example.com/docs/");
url.searchParams.set("q", "durable objects & workers");
url.searchParams.append("page", "2");
url.searchParams.append("lang", "en");
url.hash = "results";
const relative = new URL("../img/logo.png", "https://example.com/docs/guide/index.html");
return { href: url.href, toString: String(url), relative: relative.href, json: JSON.stringify({ url }) };
