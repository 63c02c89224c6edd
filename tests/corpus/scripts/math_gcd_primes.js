const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
const lcm = (a, b) => (a * b) / gcd(a, b);
const primes = n => {
  const sieve = new Array(n + 1).fill(true);
  sieve[0] = sieve[1] = false;
  for (let i = 2; i * i <= n; i++) if (sieve[i]) for (let j = i * i; j <= n; j += i) sieve[j] = false;
  return sieve.reduce((out, isP, i) => (isP ? [...out, i] : out), []);
};
return { gcd: gcd(462, 1071), lcm: lcm(21, 6), primes: primes(50), count1000: primes(1000).length };
