const config = { server: { host: "0.0.0.0", port: 8080 }, features: ["auth", "metrics"], debug: false };
return { tabs: JSON.stringify(config, null, "\t"), four: JSON.stringify(config.server, null, 4), compact: JSON.stringify(config) };
