import { paths } from "../paths";

/**
 * The bookmarklet's script, run on any page from the bookmarks bar: it opens this Memoteca's 'Novo
 * pensamento' with the page's selected text as `conteudo`, its title as `fonte` and its address as `nota`,
 * the address with a text fragment (`#:~:text=`) so that the quote leads back to its place on the page. A
 * long selection is named by its first and last words (`textStart,textEnd`). Written out as plain ES2017
 * in a string: it runs in the other page, not in the app's bundle.
 */
export function bookmarkletCode(origin: string): string {
  const target = JSON.stringify(`${origin}${paths.create}`);
  const script = `(function(){
var s=String(window.getSelection?getSelection():"").replace(/\\s+/g," ").trim();
var e=function(t){return encodeURIComponent(t).replace(/-/g,"%2D").replace(/,/g,"%2C")};
var u=location.href.split("#")[0];
if(s){var w=s.split(" ");u+="#:~:text="+(w.length>10?e(w.slice(0,5).join(" "))+","+e(w.slice(-5).join(" ")):e(s));}
var q="conteudo="+encodeURIComponent(s)+"&fonte="+encodeURIComponent(document.title)+"&nota="+encodeURIComponent(u);
window.open(${target}+"?"+q,"_blank","noopener");
})();`;
  return `javascript:${encodeURIComponent(script.replace(/\n/g, ""))}`;
}
