# 'ace_cop_VRP-P-n16-k8.gp' - written by bench/ace_cop.sh; edit freely, then run in this
# folder:  gnuplot FILE.gp  (PNG)  or  gnuplot -e "fmt='svg'" FILE.gp  (SVG; 'pdf': PDF)
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') { set terminal svg size 800,500 dynamic font 'Sans,13' background rgb 'white'; set output 'ace_cop_VRP-P-n16-k8.svg' } else {
  if (fmt eq 'pdf') { set terminal pdfcairo size 8in,5in font 'Sans,9' background rgb 'white'; set output 'ace_cop_VRP-P-n16-k8.pdf' } else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) { set terminal pngcairo size 800,500 font 'Sans,11' background rgb 'white' } else { set terminal png size 800,500 }
    set output 'ace_cop_VRP-P-n16-k8.png' } }
set termoption noenhanced
set datafile separator '\t'
set grid lc rgb '#dddddd'
set key below horizontal
set title 'VRP-P-n16-k8: the best objective found (CPU limit 30 s)'
set logscale x
set xrange [0.01:30]
set xlabel 'CPU seconds (ACE: from its instance loaded)'
set ylabel 'objective'
set offsets 0, 0, graph 0.05, graph 0.05
set arrow 1 from graph 0, first 450 to graph 1, first 450 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best known: 450' at graph 0.01, first 450 left offset 0, 0.6 textcolor rgb '#555555' front
plot 'ace_cop_VRP-P-n16-k8.dat' index 0 using 1:2 with steps lc rgb '#0072b2' lw 2 title 'searchlab (default)', \
     '' index 0 using 1:2 with points lc rgb '#0072b2' pt 7 ps 0.8 notitle, \
     '' index 1 using 1:2 with steps lc rgb '#d55e00' lw 2 title 'ACE', \
     '' index 1 using 1:2 with points lc rgb '#d55e00' pt 5 ps 0.8 notitle
