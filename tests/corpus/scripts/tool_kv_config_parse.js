const envFile = `# database
DB_HOST=localhost
DB_PORT=5432
DB_PASSWORD="p@ss=word"
  # comment with spaces
FEATURE_FLAGS=beta,dark-mode , export
EMPTY=
DEBUG=true`;
const env = {};
for (const line of envFile.split("\n")) {
  const trimmed = line.trim();
  if (!trimmed || trimmed.startsWith("#")) continue;
  const eq = trimmed.indexOf("=");
  const key = trimmed.slice(0, eq);
  let value = trimmed.slice(eq + 1).replace(/^"(.*)"$/, "$1");
  env[key] = value;
}
return {
  env,
  port: Number(env.DB_PORT),
  flags: env.FEATURE_FLAGS.split(",").map(s => s.trim()),
  debug: env.DEBUG === "true",
};
