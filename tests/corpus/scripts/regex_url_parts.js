const urls = [
  "https://api.example.com:8443/v2/users?id=42&sort=desc#top",
  "http://localhost/health",
  "ftp://files.example.org/pub/readme.txt",
];
const re = /^(?<scheme>[a-z]+):\/\/(?<host>[^/:]+)(?::(?<port>\d+))?(?<path>\/[^?#]*)?(?:\?(?<query>[^#]*))?(?:#(?<hash>.*))?$/;
return urls.map(u => {
  const g = u.match(re)?.groups ?? {};
  return { scheme: g.scheme, host: g.host, port: g.port ?? null, path: g.path ?? "/", query: g.query ?? null, hash: g.hash ?? null };
});
