const secs = [0, 1710498600, 1700000000, 2147483647];
return secs.map(s => ({ s, iso: new Date(s * 1000).toISOString(), back: Math.floor(Date.parse(new Date(s * 1000).toISOString()) / 1000) }));
