# 'course_cactus.gp' - written by searchlab plot 'results/course.csv' --kind cactus; edit freely, then run
# in this folder:  gnuplot FILE.gp  (PNG)  or  gnuplot -e "fmt='svg'" FILE.gp  (SVG; 'pdf': PDF)
# the page: 8.50 cm x 10.74 cm, text 8 pt (PNG at 200 dpi)
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') {
    set terminal svg size 241,304 dynamic font 'Sans,8' linewidth 0.5 background rgb 'white'
    set output 'course_cactus.svg'
} else {
  if (fmt eq 'pdf') {
    set terminal pdfcairo size 8.500cm,10.736cm font 'Sans,8' fontscale 0.75 linewidth 1 background rgb 'white'
    set output 'course_cactus.pdf'
  } else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size 669,845 font 'Sans,8' fontscale 2.0833 linewidth 2.7778 background rgb 'white'
    } else {
        set terminal png size 669,845
    }
    set output 'course_cactus.png'
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
dat = 'course_cactus.dat'
# the median run of each instance; a line ends at its last solved instance
set title 'Instances solved within a CPU time'
set logscale y
set format y '%.0s %cs'
set xlabel 'instances solved (of 8)'
set ylabel 'CPU time'
set xrange [0:9]
set xtics 1
set arrow 1 from graph 0, first 3.000000000 to graph 1, first 3.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'time limit (3 s)' at graph 0.99, first 3.000000000 right offset 0, -0.7 textcolor rgb '#555555' front
set yrange [*:6.000000000]
set multiplot
set origin 0, 0.422492
set size 1, 0.577508
unset key
plot \
    dat index 0 using 1:2 with linespoints lt 1 notitle, \
    dat index 1 using 1:2 with linespoints lt 2 notitle, \
    dat index 2 using 1:2 with linespoints lt 3 notitle, \
    dat index 3 using 1:2 with linespoints lt 4 notitle, \
    dat index 4 using 1:2 with linespoints lt 5 notitle, \
    dat index 5 using 1:2 with linespoints lt 6 notitle, \
    dat index 6 using 1:2 with linespoints lt 7 notitle, \
    dat index 7 using 1:2 with linespoints lt 8 notitle
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
set size 1, 0.422492
set lmargin 0
set rmargin 0
set tmargin 0
set bmargin 0
set key inside left top Left reverse maxcols 1
plot \
    NaN with linespoints lt 1 title 'bt (4 of 8 unsolved)', \
    NaN with linespoints lt 2 title 'fc (1 of 8 unsolved)', \
    NaN with linespoints lt 3 title 'gac', \
    NaN with linespoints lt 4 title 'gac:queue=arc-fifo', \
    NaN with linespoints lt 5 title 'gac:queue=arc-fifo,support=rm', \
    NaN with linespoints lt 6 title 'gac:queue=constraint-lifo', \
    NaN with linespoints lt 7 title 'gac:queue=dom', \
    NaN with linespoints lt 8 title 'gac:queue=variable-fifo'
unset multiplot
