const config = { service: "billing", replicas: 2 };
const required = ["service", "replicas", "region"];
const missing = required.filter(k => !(k in config));
if (missing.length > 0) {
  throw new Error(`config is missing: ${missing.join(", ")}`);
}
return config;
