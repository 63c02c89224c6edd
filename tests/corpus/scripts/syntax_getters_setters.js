const account = {
  _balance: 100,
  history: [],
  get balance() { return `$${this._balance.toFixed(2)}`; },
  set deposit(amount) {
    if (amount <= 0) throw new RangeError("deposit must be positive");
    this._balance += amount;
    this.history.push(amount);
  },
};
account.deposit = 50;
account.deposit = 25.5;
let err = null;
try { account.deposit = -1; } catch (e) { err = e.message; }
return { balance: account.balance, history: account.history, err };
