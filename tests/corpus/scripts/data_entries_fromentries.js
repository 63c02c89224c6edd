const prices = { apple: 1.2, banana: 0.5, cherry: 4.75, date: 3.1 };
const discounted = Object.fromEntries(
  Object.entries(prices).map(([fruit, price]) => [fruit, Math.round(price * 0.9 * 100) / 100])
);
const expensive = Object.keys(prices).filter(k => prices[k] > 1);
return { discounted, expensive };
