const text = "Dr. Smith arrived at 3 p.m. today. He said: \"Hi!\" Then he left? Yes. The end";
const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z"])/);
const words = text.split(/\W+/).filter(Boolean).length;
return { sentences, words };
