class Shape {
  constructor(name) { this.name = name; }
  area() { return 0; }
  describe() { return `${this.name} with area ${this.area().toFixed(2)}`; }
}
class Circle extends Shape {
  constructor(r) { super("circle"); this.r = r; }
  area() { return Math.PI * this.r ** 2; }
}
class Rect extends Shape {
  constructor(w, h) { super("rect"); this.w = w; this.h = h; }
  area() { return this.w * this.h; }
  static square(s) { return new Rect(s, s); }
}
const shapes = [new Circle(1.5), new Rect(2, 3.5), Rect.square(4)];
return {
  descriptions: shapes.map(s => s.describe()),
  largest: shapes.reduce((a, b) => (a.area() > b.area() ? a : b)).name,
  allShapes: shapes.every(s => s instanceof Shape),
};
