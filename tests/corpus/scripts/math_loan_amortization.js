const P = 250000, annual = 0.065, n = 360;
const r = annual / 12;
const payment = (P * r) / (1 - (1 + r) ** -n);
let balance = P;
const firstYear = [];
for (let m = 1; m <= 12; m++) {
  const interest = balance * r;
  const principalPart = payment - interest;
  balance -= principalPart;
  if (m === 1 || m === 12) firstYear.push({ month: m, interest: +interest.toFixed(2), principal: +principalPart.toFixed(2), balance: +balance.toFixed(2) });
}
return { payment: +payment.toFixed(2), totalPaid: +(payment * n).toFixed(2), firstYear };
