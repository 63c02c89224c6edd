const u = new URL("https://user:pw@api.example.com:8443/v2/items/42?sort=desc&tag=a&tag=b#details");
return {
  protocol: u.protocol,
  host: u.host,
  hostname: u.hostname,
  port: u.port,
  pathname: u.pathname,
  search: u.search,
  hash: u.hash,
  origin: u.origin,
  username: u.username,
  tags: u.searchParams.getAll("tag"),
  sort: u.searchParams.get("sort"),
  segments: u.pathname.split("/").filter(Boolean),
};
