let attempts = 0;
const flaky = async () => {
  attempts++;
  if (attempts < 3) throw new Error(`attempt ${attempts} failed`);
  return { data: "payload", attempts };
};
async function retry(fn, { retries = 5, base = 100 } = {}) {
  const delays = [];
  for (let i = 0; ; i++) {
    try {
      return { result: await fn(), delays };
    } catch (e) {
      if (i >= retries) throw e;
      delays.push(base * 2 ** i);
    }
  }
}
return await retry(flaky);
