function html(strings, ...values) {
  const escape = v => String(v).replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  return strings.reduce((out, s, i) => out + s + (i < values.length ? escape(values[i]) : ""), "");
}
const user = { name: "<script>alert('x')</script>", bio: "Tom & Jerry" };
return html`<div class="user"><h1>${user.name}</h1><p>${user.bio}</p></div>`;
