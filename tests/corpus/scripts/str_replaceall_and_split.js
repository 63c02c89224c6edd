const path = "/var/log/nginx/access.log";
const parts = path.split("/").filter(Boolean);
const windows = path.replaceAll("/", "\\");
const ext = path.slice(path.lastIndexOf(".") + 1);
const base = path.split("/").pop().split(".")[0];
const limited = "a,b,c,d,e".split(",", 3);
return { parts, windows, ext, base, limited, joined: parts.join(" > ") };
