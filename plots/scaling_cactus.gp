# 'scaling_cactus.gp' - written by searchlab plot 'results/scaling.csv' --kind cactus; edit freely, then run
# in this folder:  gnuplot FILE.gp  (PNG)  or  gnuplot -e "fmt='svg'" FILE.gp  (SVG; 'pdf': PDF)
# the page: 8.50 cm x 8.17 cm, text 8 pt (PNG at 200 dpi)
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') {
    set terminal svg size 241,232 dynamic font 'Sans,8' linewidth 0.5 background rgb 'white'
    set output 'scaling_cactus.svg'
} else {
  if (fmt eq 'pdf') {
    set terminal pdfcairo size 8.500cm,8.168cm font 'Sans,8' fontscale 0.75 linewidth 1 background rgb 'white'
    set output 'scaling_cactus.pdf'
  } else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size 669,643 font 'Sans,8' fontscale 2.0833 linewidth 2.7778 background rgb 'white'
    } else {
        set terminal png size 669,643
    }
    set output 'scaling_cactus.png'
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
dat = 'scaling_cactus.dat'
# the median run of each instance; a line ends at its last solved instance
set title 'Instances solved within a CPU time'
set logscale y
set format y '%.0s %cs'
set xlabel 'instances solved (of 36)'
set ylabel 'CPU time'
set xrange [0:37]
set arrow 1 from graph 0, first 1.000000000 to graph 1, first 1.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'time limit (1 s)' at graph 0.99, first 1.000000000 right offset 0, -0.7 textcolor rgb '#555555' front
set yrange [*:2.000000000]
set multiplot
set origin 0, 0.240899
set size 1, 0.759101
unset key
plot \
    dat index 0 using 1:2 with linespoints lt 1 notitle, \
    dat index 1 using 1:2 with linespoints lt 2 notitle, \
    dat index 2 using 1:2 with linespoints lt 3 notitle, \
    dat index 3 using 1:2 with linespoints lt 4 notitle
unset arrow 1
unset label 1
unset title
unset border
unset tics
unset xlabel
unset ylabel
unset logscale
unset grid
set xrange [0:1]
set yrange [0:1]
set origin 0, 0
set size 1, 0.240899
set lmargin 0
set rmargin 0
set tmargin 0
set bmargin 0
set key inside left top Left reverse maxcols 1
plot \
    NaN with linespoints lt 1 title 'bt (15 of 36 unsolved)', \
    NaN with linespoints lt 2 title 'fc (2 of 36 unsolved)', \
    NaN with linespoints lt 3 title 'gac', \
    NaN with linespoints lt 4 title 'gac:alldiff=domain'
unset multiplot
