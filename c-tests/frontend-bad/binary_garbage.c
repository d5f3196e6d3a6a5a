// expect: error   kind: syntax   line: 2   message: syntax error
øÈqêòñÏ–	¬²Å[=ıÊY¦ |w·Ù}âø@«‹êxš­„•FÔ¦N|Ú[E@¨ï4uáˆ«òƒV%¶z©a+—€*8%ğYÆõˆ%¬OukGªÏ.F(MõÙ(ÈÖw‘cÄZX–ÒxzÉïyßÒ™â,q¼È…ÑqLG È0kpÅñˆÕØ}aÒÒ©B¥2Y´´Ğ÷)•éòEù(ÚØü¹SÌÊs¹f7æJÎ9‚ÕËïñ´ROòv–BÜ±nô4f2µãäv=ÒÍ]ïÜ5„ä´l-ô–5NÑ[‰(€éÆôyV$ +í&ØŒ·T,¬­¤ÃË&ë8oe½T6ùÓ­bğàëöHŠ¢ìNm
int main(void) { return 0; }
