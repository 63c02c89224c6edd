const principal = 10000;
const rate = 0.05;
const years = [1, 5, 10, 30];
const compound = (p, r, n, t) => p * (1 + r / n) ** (n * t);
return years.map(t => ({
  years: t,
  yearly: compound(principal, rate, 1, t).toFixed(2),
  monthly: compound(principal, rate, 12, t).toFixed(2),
  continuous: (principal * Math.exp(rate * t)).toFixed(2),
}));
