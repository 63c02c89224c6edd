const settings = { retries: 0, timeout: null, label: "", verbose: false };
return {
  retriesOr: settings.retries || 3,
  retriesNullish: settings.retries ?? 3,
  timeout: settings.timeout ?? 5000,
  label: settings.label || "(none)",
  labelNullish: settings.label ?? "(none)",
  verbose: settings.verbose ?? true,
  missing: settings.missing?.deep ?? "default",
};
