const api = {
  base: "https://api.example.com",
  endpoints: { users: "/users", orders: "/orders" },
  url(name, params = {}) {
    const qs = Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
    return this.base + this.endpoints[name] + (qs ? `?${qs}` : "");
  },
};
return [api.url("users"), api.url("orders", { status: "open & paid", page: 2 }), decodeURIComponent("a%20b%26c"), encodeURI("https://x.io/a b?q=ü")];
