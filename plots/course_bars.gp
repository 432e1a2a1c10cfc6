# course_bars.gp - written by `searchlab plot results/course.csv --kind bars`; edit freely, then run in
# this folder:  gnuplot course_bars.gp  (PNG)   or   gnuplot -e "fmt='svg'" course_bars.gp  (SVG)
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') {
    set terminal svg size 1308,900 dynamic font 'Sans,13' background rgb 'white'
    set output 'course_bars.svg'
} else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size 1308,900 font 'Sans,11' background rgb 'white'
    } else {
        set terminal png size 1308,900
    }
    set output 'course_bars.png'
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
set multiplot layout 2,1 title 'Course table: nodes searched and search time (median run; no bar: the median run was not solved)'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y
set xtics rotate by -30 left nomirror
set key at screen 0.99, screen 0.93 right top vertical Left reverse
set lmargin at screen 0.09
set rmargin at screen 0.76
set xrange [-0.6:7.6]
set yrange [1.000000000:*]
set format y '%.0s%c'
set ylabel 'nodes searched'
plot \
    'course_bars.dat' index 0 using 2:xtic(1) lt 1 title 'bt', \
    'course_bars.dat' index 0 using 3 lt 2 title 'fc', \
    'course_bars.dat' index 0 using 4 lt 3 title 'gac', \
    'course_bars.dat' index 0 using 5 lt 4 title 'gac:queue=arc-fifo', \
    'course_bars.dat' index 0 using 6 lt 5 title 'gac:queue=arc-fifo,support=rm', \
    'course_bars.dat' index 0 using 7 lt 6 title 'gac:queue=constraint-lifo', \
    'course_bars.dat' index 0 using 8 lt 7 title 'gac:queue=dom', \
    'course_bars.dat' index 0 using 9 lt 8 title 'gac:queue=variable-fifo'
set yrange [0.000000100:*]
set format y '%.0s %cs'
set ylabel 'search time'
plot \
    'course_bars.dat' index 1 using 2:xtic(1) lt 1 notitle, \
    'course_bars.dat' index 1 using 3 lt 2 notitle, \
    'course_bars.dat' index 1 using 4 lt 3 notitle, \
    'course_bars.dat' index 1 using 5 lt 4 notitle, \
    'course_bars.dat' index 1 using 6 lt 5 notitle, \
    'course_bars.dat' index 1 using 7 lt 6 notitle, \
    'course_bars.dat' index 1 using 8 lt 7 notitle, \
    'course_bars.dat' index 1 using 9 lt 8 notitle
unset multiplot
