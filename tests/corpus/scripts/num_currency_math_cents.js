const cart = [
  { item: "coffee", price: 3.1, qty: 3 },
  { item: "bagel", price: 2.05, qty: 2 },
  { item: "juice", price: 4.99, qty: 1 },
];
const cents = cart.reduce((s, { price, qty }) => s + Math.round(price * 100) * qty, 0);
const taxCents = Math.round(cents * 0.0825);
const fmt = c => `$${(c / 100).toFixed(2)}`;
return { subtotal: fmt(cents), tax: fmt(taxCents), total: fmt(cents + taxCents), naive: cart.reduce((s, c) => s + c.price * c.qty, 0) };
