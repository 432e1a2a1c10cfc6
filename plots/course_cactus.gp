# 'course_cactus.gp' - written by searchlab plot 'results/course.csv' --kind cactus; edit freely, then run
# in this folder:  gnuplot FILE.gp  (PNG)  or  gnuplot -e "fmt='svg'" FILE.gp  (SVG; 'pdf': PDF)
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') {
    set terminal svg size 1000,600 dynamic font 'Sans,13' background rgb 'white'
    set output 'course_cactus.svg'
} else {
  if (fmt eq 'pdf') {
    set terminal pdfcairo size 10.00in,6.00in font 'Sans,9' background rgb 'white'
    set output 'course_cactus.pdf'
  } else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size 1000,600 font 'Sans,11' background rgb 'white'
    } else {
        set terminal png size 1000,600
    }
    set output 'course_cactus.png'
  }
}
set termoption noenhanced
set datafile separator '\t'
set datafile missing '?'
set grid lc rgb '#dddddd'
set key outside right top vertical Left reverse noautotitle
set linetype 1 lc rgb '#0072b2' lw 2 pt 7 ps 1.1
set linetype 2 lc rgb '#d55e00' lw 2 pt 5 ps 1.1
set linetype 3 lc rgb '#009e73' lw 2 pt 9 ps 1.3
set linetype 4 lc rgb '#cc79a7' lw 2 pt 11 ps 1.3
set linetype 5 lc rgb '#e69f00' lw 2 pt 13 ps 1.3
set linetype 6 lc rgb '#56b4e9' lw 2 pt 4 ps 1.1
set linetype 7 lc rgb '#000000' lw 2 pt 6 ps 1.1
set linetype 8 lc rgb '#999999' lw 2 pt 8 ps 1.3
set linetype 9 lc rgb '#8c564b' lw 2 pt 12 ps 1.3
set linetype cycle 9
dat = 'course_cactus.dat'
set title 'Cactus: instances solved within a CPU time (the median run of each; a line ends at its last solved instance)'
set logscale y
set format y '%.0s %cs'
set xlabel 'instances solved (of 8)'
set ylabel 'CPU time'
set xrange [0:9]
set xtics 1
set arrow 1 from graph 0, first 3.000000000 to graph 1, first 3.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'time limit (3 s)' at graph 0.99, first 3.000000000 right offset 0, 0.6 textcolor rgb '#555555' front
set yrange [*:6.000000000]
plot \
    dat index 0 using 1:2 with linespoints lt 1 title 'bt (4 of 8 unsolved)', \
    dat index 1 using 1:2 with linespoints lt 2 title 'fc (1 of 8 unsolved)', \
    dat index 2 using 1:2 with linespoints lt 3 title 'gac', \
    dat index 3 using 1:2 with linespoints lt 4 title 'gac:queue=arc-fifo', \
    dat index 4 using 1:2 with linespoints lt 5 title 'gac:queue=arc-fifo,support=rm', \
    dat index 5 using 1:2 with linespoints lt 6 title 'gac:queue=constraint-lifo', \
    dat index 6 using 1:2 with linespoints lt 7 title 'gac:queue=dom', \
    dat index 7 using 1:2 with linespoints lt 8 title 'gac:queue=variable-fifo'
