# 'course_scatter_fc_gac.gp' - written by searchlab plot 'results/course.csv' --kind scatter; edit freely, then run
# in this folder:  gnuplot FILE.gp  (PNG)  or  gnuplot -e "fmt='svg'" FILE.gp  (SVG; 'pdf': PDF)
# the page: 8.50 cm x 10.50 cm, text 8 pt (PNG at 200 dpi)
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') {
    set terminal svg size 241,298 dynamic font 'Sans,8' linewidth 0.5 background rgb 'white'
    set output 'course_scatter_fc_gac.svg'
} else {
  if (fmt eq 'pdf') {
    set terminal pdfcairo size 8.500cm,10.500cm font 'Sans,8' fontscale 0.75 linewidth 1 background rgb 'white'
    set output 'course_scatter_fc_gac.pdf'
  } else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size 669,827 font 'Sans,8' fontscale 2.0833 linewidth 2.7778 background rgb 'white'
    } else {
        set terminal png size 669,827
    }
    set output 'course_scatter_fc_gac.png'
  }
}
set termoption noenhanced
set datafile separator '\t'
set datafile missing '?'
set grid lc rgb '#dddddd'
set key below left vertical Left reverse noautotitle maxcols 1 samplen 2 spacing 1
set linetype 1 lc rgb '#0072b2' lw 1.5 pt 7 ps 0.6
set linetype 2 lc rgb '#d55e00' lw 1.5 pt 5 ps 0.6
set linetype 3 lc rgb '#009e73' lw 1.5 pt 9 ps 0.7
set linetype 4 lc rgb '#cc79a7' lw 1.5 pt 11 ps 0.7
set linetype 5 lc rgb '#e69f00' lw 1.5 pt 13 ps 0.7
set linetype 6 lc rgb '#56b4e9' lw 1.5 pt 4 ps 0.6
set linetype 7 lc rgb '#000000' lw 1.5 pt 6 ps 0.6
set linetype 8 lc rgb '#999999' lw 1.5 pt 8 ps 0.7
set linetype 9 lc rgb '#8c564b' lw 1.5 pt 12 ps 0.7
set linetype cycle 9
dat = 'course_scatter_fc_gac.dat'
# per instance, the median run of each strategy (8 instances, 7 solved by both; below the diagonal: y better; unsolved: on the dotted border)
set title 'CPU time per instance (median run)'
set logscale xy
set size ratio -1
set xrange [0.000278500:6.000000000]
set yrange [0.000278500:6.000000000]
set format x '%.0s %cs'
set format y '%.0s %cs'
set arrow 1 from 3.000000000, graph 0 to 3.000000000, graph 1 nohead lc rgb '#555555' dt 3
set arrow 2 from graph 0, first 3.000000000 to graph 1, first 3.000000000 nohead lc rgb '#555555' dt 3
set xlabel 'fc'
set ylabel 'gac'
plot x with lines lt 8 dt 2 title 'equal', \
    dat using 2:(($4 + $5) == 0 ? $3 : 1/0) with points lt 1 title 'solved by both (7)', \
    dat using 2:(($4 + $5) > 0 ? $3 : 1/0) with points lt 2 pt 9 ps 1.8 title 'unsolved by one or both (1)'
