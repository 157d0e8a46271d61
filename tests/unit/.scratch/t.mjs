import sharp from "sharp";
import zlib from "node:zlib";
let t=Date.now();
const buf2 = await sharp({create:{width:20000,height:20000,channels:3,background:"#000"}, limitInputPixels:false}).toColourspace("b-w").png({compressionLevel:1, adaptiveFiltering:false}).toBuffer();
console.log("sharp bw", buf2.length, Date.now()-t);
t=Date.now();
// hand-made 1-bit grayscale PNG
const W=20000,H=20000, rowLen=1+Math.ceil(W/8);
const raw=Buffer.alloc(rowLen*H);
const idat=zlib.deflateSync(raw,{level:9});
function chunk(type,data){const len=Buffer.alloc(4);len.writeUInt32BE(data.length);const td=Buffer.concat([Buffer.from(type),data]);const crc=Buffer.alloc(4);crc.writeUInt32BE(zlib.crc32(td));return Buffer.concat([len,td,crc]);}
const ihdr=Buffer.alloc(13);ihdr.writeUInt32BE(W,0);ihdr.writeUInt32BE(H,4);ihdr[8]=1;ihdr[9]=0;
const png=Buffer.concat([Buffer.from([137,80,78,71,13,10,26,10]),chunk("IHDR",ihdr),chunk("IDAT",idat),chunk("IEND",Buffer.alloc(0))]);
console.log("hand", png.length, Date.now()-t, await sharp(png,{limitInputPixels:false}).metadata().then(m=>[m.width,m.height,m.format]));
