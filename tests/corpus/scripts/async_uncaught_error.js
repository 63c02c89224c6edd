const loadConfig = async () => {
  await null;
  const raw = '{"port": 8080, "host": }';
  return JSON.parse(raw);
};
try {
  return await loadConfig();
} catch (e) {
  throw new Error(`could not load config (${e.name})`);
}
