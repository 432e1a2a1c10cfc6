# 'course_bars.gp' - written by searchlab plot 'results/course.csv' --kind bars; edit freely, then run
# in this folder:  gnuplot FILE.gp  (PNG)  or  gnuplot -e "fmt='svg'" FILE.gp  (SVG; 'pdf': PDF)
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') {
    set terminal svg size 1308,900 dynamic font 'Sans,13' background rgb 'white'
    set output 'course_bars.svg'
} else {
  if (fmt eq 'pdf') {
    set terminal pdfcairo size 13.08in,9.00in font 'Sans,9' background rgb 'white'
    set output 'course_bars.pdf'
  } else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size 1308,900 font 'Sans,11' background rgb 'white'
    } else {
        set terminal png size 1308,900
    }
    set output 'course_bars.png'
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
dat = 'course_bars.dat'
set multiplot layout 2,1 title 'Course table: nodes searched and CPU time (median run; hatched: not solved, drawn at the time limit or at the most nodes its runs reached)'
set style fill solid 0.85 border -1
set boxwidth 0.100000 absolute
set logscale y
set xtics rotate by -30 left nomirror
set key at screen 0.99, screen 0.93 right top vertical Left reverse
set lmargin at screen 0.09
set rmargin at screen 0.76
set xrange [-0.6:7.6]
set xtics ('extra_2019_case1' 0, 'case1' 1, 'case2' 2, 'case3' 3, 'case4' 4, 'case5' 5, 'extra_E04_2020_9x9' 6, 'extra_E04_other_9x9' 7)
set yrange [1.000000000:*]
set format y '%.0s%c'
set ylabel 'nodes searched'
plot \
    dat index 0 using 1:($4 > 0 ? $2 : 1/0) with boxes lt 1 fs solid 0.85 title 'bt', \
    dat index 0 using 1:($4 > 0 ? 1/0 : $2) with boxes lt 1 fs pattern 4 border notitle, \
    dat index 1 using 1:($4 > 0 ? $2 : 1/0) with boxes lt 2 fs solid 0.85 title 'fc', \
    dat index 1 using 1:($4 > 0 ? 1/0 : $2) with boxes lt 2 fs pattern 4 border notitle, \
    dat index 2 using 1:($4 > 0 ? $2 : 1/0) with boxes lt 3 fs solid 0.85 title 'gac', \
    dat index 2 using 1:($4 > 0 ? 1/0 : $2) with boxes lt 3 fs pattern 4 border notitle, \
    dat index 3 using 1:($4 > 0 ? $2 : 1/0) with boxes lt 4 fs solid 0.85 title 'gac:queue=arc-fifo', \
    dat index 3 using 1:($4 > 0 ? 1/0 : $2) with boxes lt 4 fs pattern 4 border notitle, \
    dat index 4 using 1:($4 > 0 ? $2 : 1/0) with boxes lt 5 fs solid 0.85 title 'gac:queue=arc-fifo,support=rm', \
    dat index 4 using 1:($4 > 0 ? 1/0 : $2) with boxes lt 5 fs pattern 4 border notitle, \
    dat index 5 using 1:($4 > 0 ? $2 : 1/0) with boxes lt 6 fs solid 0.85 title 'gac:queue=constraint-lifo', \
    dat index 5 using 1:($4 > 0 ? 1/0 : $2) with boxes lt 6 fs pattern 4 border notitle, \
    dat index 6 using 1:($4 > 0 ? $2 : 1/0) with boxes lt 7 fs solid 0.85 title 'gac:queue=dom', \
    dat index 6 using 1:($4 > 0 ? 1/0 : $2) with boxes lt 7 fs pattern 4 border notitle, \
    dat index 7 using 1:($4 > 0 ? $2 : 1/0) with boxes lt 8 fs solid 0.85 title 'gac:queue=variable-fifo', \
    dat index 7 using 1:($4 > 0 ? 1/0 : $2) with boxes lt 8 fs pattern 4 border notitle, \
    keyentry with boxes fs pattern 4 lc rgb '#000000' title 'not solved'
set yrange [0.000010000:6.000000000]
set format y '%.0s %cs'
set ylabel 'CPU time'
set arrow 1 from graph 0, first 3.000000000 to graph 1, first 3.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'time limit (3 s)' at graph 0.99, first 3.000000000 right offset 0, 0.6 textcolor rgb '#555555' front
plot \
    dat index 0 using 1:($4 > 0 ? $3 : 1/0) with boxes lt 1 fs solid 0.85 notitle, \
    dat index 0 using 1:($4 > 0 ? 1/0 : $3) with boxes lt 1 fs pattern 4 border notitle, \
    dat index 1 using 1:($4 > 0 ? $3 : 1/0) with boxes lt 2 fs solid 0.85 notitle, \
    dat index 1 using 1:($4 > 0 ? 1/0 : $3) with boxes lt 2 fs pattern 4 border notitle, \
    dat index 2 using 1:($4 > 0 ? $3 : 1/0) with boxes lt 3 fs solid 0.85 notitle, \
    dat index 2 using 1:($4 > 0 ? 1/0 : $3) with boxes lt 3 fs pattern 4 border notitle, \
    dat index 3 using 1:($4 > 0 ? $3 : 1/0) with boxes lt 4 fs solid 0.85 notitle, \
    dat index 3 using 1:($4 > 0 ? 1/0 : $3) with boxes lt 4 fs pattern 4 border notitle, \
    dat index 4 using 1:($4 > 0 ? $3 : 1/0) with boxes lt 5 fs solid 0.85 notitle, \
    dat index 4 using 1:($4 > 0 ? 1/0 : $3) with boxes lt 5 fs pattern 4 border notitle, \
    dat index 5 using 1:($4 > 0 ? $3 : 1/0) with boxes lt 6 fs solid 0.85 notitle, \
    dat index 5 using 1:($4 > 0 ? 1/0 : $3) with boxes lt 6 fs pattern 4 border notitle, \
    dat index 6 using 1:($4 > 0 ? $3 : 1/0) with boxes lt 7 fs solid 0.85 notitle, \
    dat index 6 using 1:($4 > 0 ? 1/0 : $3) with boxes lt 7 fs pattern 4 border notitle, \
    dat index 7 using 1:($4 > 0 ? $3 : 1/0) with boxes lt 8 fs solid 0.85 notitle, \
    dat index 7 using 1:($4 > 0 ? 1/0 : $3) with boxes lt 8 fs pattern 4 border notitle
unset multiplot
