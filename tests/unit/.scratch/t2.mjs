import sharp from "sharp";
const j = await sharp({create:{width:2400,height:1200,channels:3,background:"#3a7"}}).jpeg().withExif({IFD0:{Copyright:"secret-owner", Artist:"GPS-person"}}).toBuffer();
const m = await sharp(j).metadata();
console.log(j.length, m.width, m.height, !!m.exif, m.exif?.length, j.includes(Buffer.from("secret-owner")));
const re = await sharp(j).rotate().resize({width:1600,height:1600,fit:"inside"}).jpeg({quality:82,mozjpeg:true}).toBuffer();
console.log((await sharp(re).metadata()).exif);
