const text = `Contact sales@acme.com or support@acme.co.uk. Ping john.doe+alerts@mail.example.org!
Not emails: foo@bar, @handle, x@y.`;
const emails = text.match(/[\w.+-]+@[\w-]+\.[\w.-]*[a-z]{2,}/gi);
const valid = ["a@b.co", "bad@", "first.last@sub.domain.io", "no spaces@x.com"].map(e => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e));
return { emails, valid };
