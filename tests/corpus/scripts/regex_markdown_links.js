const md = `See [the docs](https://example.com/docs) and [API reference](https://example.com/api "API").
Images like ![logo](/img/logo.png) are skipped. Bare https://example.org too.`;
const links = [...md.matchAll(/(?<!!)\[([^\]]+)\]\(([^)\s]+)(?:\s+"([^"]*)")?\)/g)].map(([, text, href, title]) => ({ text, href, title: title ?? null }));
const bare = md.match(/(?<![(\w])https?:\/\/[^\s)]+/g);
return { links, bare };
